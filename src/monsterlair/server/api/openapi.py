"""The OpenAPI document, with the WebSocket's message models beside the routes' (``models.EXTRA_MODELS``).

``python -m monsterlair.server.api.openapi [PATH]`` writes it (default: ``web/openapi.json`` of a source
checkout), and the web client's build turns that file into TypeScript types (``npm run types``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic.json_schema import models_json_schema

from monsterlair.server.api.models import EXTRA_MODELS

REF = "#/components/schemas/{model}"


def openapi_document(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document, its schemas completed with :data:`EXTRA_MODELS` (built once, kept)."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    # One schema per model for requests and answers alike: a key with a default is optional (``key?:``).
    doc = get_openapi(
        title=app.title,
        version=app.version,
        routes=app.routes,
        description=app.description,
        separate_input_output_schemas=False,
    )
    schemas: dict[str, Any] = doc.setdefault("components", {}).setdefault("schemas", {})
    _, extra = models_json_schema([(m, "validation") for m in EXTRA_MODELS], ref_template=REF)
    for name, schema in extra.get("$defs", {}).items():
        schemas.setdefault(name, schema)
    doc["components"]["schemas"] = dict(sorted(schemas.items()))
    app.openapi_schema = doc
    return doc


def install(app: FastAPI) -> None:
    """Serve :func:`openapi_document` at the app's ``openapi_url``."""

    def build() -> dict[str, Any]:
        return openapi_document(app)

    app.openapi = build  # type: ignore[method-assign]


def render(doc: dict[str, Any]) -> str:
    """The document as the checked-in file holds it: stable key order, the version left out (it changes
    with every release and says nothing about the shapes)."""
    stable = {**doc, "info": {k: v for k, v in doc["info"].items() if k != "version"}}
    return json.dumps(stable, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def default_path() -> Path:
    """``web/openapi.json`` of the source checkout this module lies in."""
    return Path(__file__).resolve().parents[4] / "web" / "openapi.json"


def main(argv: list[str] | None = None) -> None:
    """Write the document (to ``argv[0]``, else :func:`default_path`)."""
    from monsterlair.server.app import create_app

    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else default_path()
    path.write_text(render(openapi_document(create_app())), encoding="utf-8")
    sys.stdout.write(f"wrote {path}\n")


if __name__ == "__main__":
    main()
