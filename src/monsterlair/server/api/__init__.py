"""The HTTP API: routes per resource (``routes/``), shared dependencies (``deps``), schemas and errors."""
