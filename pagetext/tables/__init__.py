"""Tables: ruling lines from paths, cells and spans, typed values, tables continued across pages merged."""
