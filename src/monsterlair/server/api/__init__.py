"""The HTTP API: routes per resource (``routes/``), shared dependencies (``deps``), request guards, rate
limits (``ratelimit``), schemas, response models and errors."""
