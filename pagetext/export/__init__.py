"""Page text in the formats users feed to other tools."""

from pagetext.export.json import page_record, to_json

__all__ = ["page_record", "to_json"]
