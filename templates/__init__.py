"""The Jinja templates people see: reference sheets (sheets/*.rml.j2), the starter scenario
(new.scn.j2) and web pages. They live at the repository root, beside content/; the build
installs this folder as the package `toolkit.templates` (pyproject.toml, package-dir), so an
editable and a plain install both find them with `toolkit.resources.templates_dir()`."""
