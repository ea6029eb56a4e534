# A Sphinx course with tensorcast (README.md says how to copy the element
# in). Built as is by e2e/recipes/sphinx.spec.js with Debian's Sphinx.
import re

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from html import escape

project = 'Broadcasting in PyTorch'
language = 'en'
html_theme = 'alabaster'
html_static_path = ['_static']
# The element's one script tag, on every page (a module: it loads its chunks
# and its .wasm from beside itself, _static/tensorcast/).
html_js_files = [('tensorcast/tensorcast-playground.js', {'type': 'module'})]
# alabaster reads _static/custom.css: a dark scheme when the reader's system
# asks for one, which theme="inherit" follows (color-scheme: light dark).
exclude_patterns = ['_build', 'README.md']


class AttributeOptions(dict):
    """Every option is one of the element's attributes, passed on as written:
    the element is the one that knows them (and says which values it cannot
    use). An option without a value (:compact:) is an attribute without one."""

    def __missing__(self, name):
        if not re.fullmatch(r'[a-z][a-z0-9-]*', name):
            raise KeyError(name)
        return directives.unchanged

    def __bool__(self):
        # docutils reads options only when the spec is truthy; this one is empty until read.
        return True


class Tensorcast(Directive):
    """.. tensorcast:: with the element's attributes as options; a body is a
    program for the code mode (the code attribute, HTML-escaped). The
    element speaks the project's language (English or Chinese) unless
    :lang: says otherwise."""

    has_content = True
    option_spec = AttributeOptions()

    def run(self):
        language = self.state.document.settings.env.config.language or 'en'
        attributes = {'lang': 'zh' if language.startswith('zh') else 'en', **self.options}
        if self.content:
            attributes['code'] = '\n'.join(self.content) + '\n'
        text = ''.join(f' {name}' if value == '' else f' {name}="{escape(value)}"' for name, value in attributes.items())
        return [nodes.raw('', f'<tensorcast-playground{text}></tensorcast-playground>', format='html')]


def setup(app):
    app.add_directive('tensorcast', Tensorcast)
