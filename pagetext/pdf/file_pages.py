"""A file's pages read from its own bytes, without qpdf (ISO 32000-1 §7.5, §7.7.3): for a file
that needs no repair, decryption or object streams, its page tree as qpdf would list it.

Only a file written exactly as read here is taken: `%PDF-` at its first byte (qpdf reads the
offsets of a file with anything before it from where the header is), cross-reference tables
alone (pagetext.pdf.file_objects), a trailer with no /Encrypt (§7.6.1), a catalog of /Type
/Catalog, and a page tree whose every node is an object of its own met once, /Pages nodes with
/Kids and /Page leaves without. qpdf mends anything else (it warns, copies a page met twice,
repairs a missing /Type), and the file is then opened by qpdf as before.

A page is then read from the file's bytes when pagetext's reading of its content meets only
what is read here (FILE_RESOURCES: fonts, forms, images, colour spaces; graphics states,
patterns and shadings, which only qpdf's page is read for) and its annotations show no
text. Other pages are qpdf's, opened at the first such page.
"""

from __future__ import annotations

from typing import Any, Final

from pagetext.pdf.annots import TEXT_SUBTYPES
from pagetext.pdf.file_bytes import FileBytes
from pagetext.pdf.file_objects import FileDictionary, FileObjects, FileStream, cross_reference
from pagetext.pdf.objects import MAX_PAGE_TREE_DEPTH, inherited_entry
from pagetext.pdf.pdf_handle import PdfHandle
from pagetext.syntax.lexer import object_values
from pagetext.syntax.literals import Reference

# The resources of a page read from the file's bytes (§7.8.3): fonts; Form XObjects, whose own
# resources are held to the same, and images, which text does not read; colour spaces, read
# for the colour of paths (paths.space_components); graphics states, patterns and shadings,
# which only the visibility reading and edits read (through qpdf's page:
# DocumentContext.pikepdf_page); and /ProcSet, obsolete and read by no one.
FILE_RESOURCES: Final = frozenset(
    {"/Font", "/XObject", "/ColorSpace", "/ExtGState", "/Pattern", "/Shading", "/ProcSet"}
)
# How deep forms drawn inside forms are followed when a page is looked over (deeper: qpdf's).
MAX_FORM_NESTING: Final = 8


class FilePages:
    """The objects of a file read from its bytes, its catalog, and its pages in page order."""

    __slots__ = ("catalog", "objects", "pages")

    def __init__(self, objects: FileObjects, catalog: FileDictionary, pages: list[FileDictionary]) -> None:
        self.objects = objects
        self.catalog = catalog
        self.pages = pages


def file_pages(data: FileBytes, handle: PdfHandle) -> FilePages | None:
    """The pages of the file whose bytes are `data`, read from them; None when qpdf is to read
    the file (see the module's note). `handle` opens the file in qpdf for what is not read here."""
    if data.read(0, 5) != b"%PDF-":
        return None
    found = cross_reference(data)
    if found is None:
        return None
    sections, written_trailer = found
    values = object_values(written_trailer)
    if values is None or len(values) != 1 or not isinstance(values[0], dict):
        return None
    trailer: dict[str, Any] = values[0]
    root = trailer.get("Root")
    if "Encrypt" in trailer or not isinstance(root, Reference):
        return None
    objects = FileObjects(handle, data, sections)
    catalog = objects.value(root.number, root.generation)
    if not isinstance(catalog, dict) or catalog.get("Type") != "Catalog":
        return None
    pages: list[FileDictionary] = []
    if not _walk(objects, catalog.get("Pages"), pages, set(), 0) or not pages:
        return None
    return FilePages(objects, FileDictionary(catalog, objects, (root.number, root.generation)), pages)


def _walk(
    objects: FileObjects, node: Any, pages: list[FileDictionary], seen: set[tuple[int, int]], depth: int
) -> bool:
    """Add the pages under the page tree node `node` (a reference) to `pages`, in order
    (§7.7.3.2); False when the tree is not as read here."""
    if not isinstance(node, Reference) or depth > MAX_PAGE_TREE_DEPTH:
        return False
    objgen = (node.number, node.generation)
    if objgen in seen:
        return False
    seen.add(objgen)
    entries = objects.value(node.number, node.generation)
    if not isinstance(entries, dict):
        return False
    kids = entries.get("Kids")
    if kids is None:
        if entries.get("Type") != "Page":
            return False
        pages.append(FileDictionary(entries, objects, objgen))
        return True
    if entries.get("Type") != "Pages" or not isinstance(kids, list):
        return False
    return all(_walk(objects, kid, pages, seen, depth + 1) for kid in kids)


def reads_from_file(
    page: FileDictionary, catalog: FileDictionary, known: dict[tuple[int, int], bool]
) -> bool:
    """Whether the content of `page` is read from the file's bytes: its annotations show no
    text (_annotations_show_no_text), and its resources (its own or inherited, §7.7.3.4) are
    read here (_resources_read_here). `known`: what the document's pages found so far, by
    resource dictionary (the pages of a document share theirs) and by form found unread."""
    resources = inherited_entry(page, "/Resources")
    key = resources.objgen if isinstance(resources, FileDictionary) else (0, 0)
    read_here = known.get(key) if key != (0, 0) else None
    if read_here is None:
        read_here = _resources_read_here(resources, known, set(), 0)
        if key != (0, 0):
            known[key] = read_here
    return read_here and ("/Annots" not in page or _annotations_show_no_text(page, catalog))


def _annotations_show_no_text(page: FileDictionary, catalog: FileDictionary) -> bool:
    """Whether the page's annotations draw no text (§12.5.6): an array of dictionaries of
    subtypes outside TEXT_SUBTYPES (links, notes, highlights), in a document without form
    fields or optional content, whose reading (appearances.page_annotations) would warn of
    those being damaged. Their glyphs are then none, read or not."""
    if "/AcroForm" in catalog or "/OCProperties" in catalog:
        return False
    annotations = page.get("/Annots")
    if not isinstance(annotations, list):
        return False
    for annotation in annotations:
        if not isinstance(annotation, FileDictionary):
            return False
        subtype = annotation.get("/Subtype")
        if not isinstance(subtype, str) or subtype in TEXT_SUBTYPES:
            return False
    return True


def _resources_read_here(
    resources: Any, known: dict[tuple[int, int], bool], seen: set[tuple[int, int]], depth: int
) -> bool:
    """Whether a resource dictionary holds FILE_RESOURCES alone, each font an object of its own
    (the loaders read those from the file's bytes: FontCache.get_referenced), each XObject a
    stream read here, and each form's resources read here too (`seen`: the forms looked at on
    this page; a form found unread is kept in `known`: a form that draws its drawer, a cycle,
    is not known read before its drawer is)."""
    if resources is None:
        return True
    if not isinstance(resources, FileDictionary) or not resources.keys() <= FILE_RESOURCES:
        return False
    fonts = resources.get("/Font")
    if fonts is not None and not _all_references(fonts):
        return False
    xobjects = resources.get("/XObject")
    if xobjects is None:
        return True
    if not _all_references(xobjects) or depth >= MAX_FORM_NESTING:
        return False
    for key in xobjects.keys():  # noqa: SIM118 (not a dict)
        xobject = xobjects.get(key)
        if not isinstance(xobject, FileStream):
            return False
        form = xobject.objgen
        if form in seen or xobject.get("/Subtype") != "Form":
            continue
        seen.add(form)
        if known.get(form, True) is False or not _resources_read_here(
            xobject.get("/Resources"), known, seen, depth + 1
        ):
            known[form] = False
            return False
    return True


def _all_references(dictionary: Any) -> bool:
    """Whether a dictionary read here holds references alone."""
    return isinstance(dictionary, FileDictionary) and all(
        isinstance(dictionary.entry(key[1:]), Reference)
        for key in dictionary.keys()  # noqa: SIM118 (not a dict)
    )
