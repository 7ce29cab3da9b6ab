"""Only what pyproject.toml cannot say: the root folder templates/ installs as the package
`toolkit.templates` (a setuptools package-dir mapping), beside the packages found under
dsl/ and toolkit/. Everything else about the distribution is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["dsl", "dsl.*", "toolkit", "toolkit.*"]) + ["toolkit.templates"],
    package_dir={"toolkit.templates": "templates"},
    package_data={"dsl": ["*.lark"], "toolkit": ["web/static/*"], "toolkit.templates": ["*.j2", "sheets/*.j2", "**/*.j2", "**/*.html",
                                                           "**/*.css", "**/*.js"]},
)
