"""Writes the Loom plugin's server-manager XML (Loom.xml) from its parts: one file per filter proxy in
filters/ (in the order of the filter registry, Filters/registry.json), the settings proxy (settings.xml),
and the shared property groups (shared-properties.xml) that the proxy files name with marker lines
(<!--loom:NAME key="value" ...-->). Run by Plugin/CMakeLists.txt when the build is configured:
    generate_loom_xml.py REGISTRY_JSON OUTPUT_XML
Fails, naming the file, on an unknown marker, a missing parameter or a registered proxy without a file.

Why not ParaView's base proxies (base_proxygroup/base_proxyname): ParaView merges a base proxy's properties
before the proxy's own, so Device, Fallback To VTK and the masks would move to the top of every Loom filter's
panel; the markers put each shared group where the proxy had it, and the panel stays as it was."""
import json
import os
import re
import string
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MARKER = re.compile(r'^[ \t]*<!--loom:(\S+)((?:\s+\w+="[^"]*")*)\s*-->[ \t]*\n', re.M)


def templates():
    with open(os.path.join(HERE, 'shared-properties.xml')) as f:
        text = f.read()
    return {m.group(1): string.Template(m.group(2))
            for m in re.finditer(r'(?ms)^<template name="([\w.]+)">\n(.*?)^</template>\n', text)}


def expand(path, shared):
    with open(path) as f:
        text = f.read()

    def replace(match):
        name = match.group(1)
        if name not in shared:
            sys.exit('%s: no shared property group %s in shared-properties.xml' % (path, name))
        values = dict(re.findall(r'(\w+)="([^"]*)"', match.group(2)))
        # An array list of the output's elements (attribute given) or of the input's arrays.
        attribute = values.get('attribute', '')
        values['domain'] = ('input_domain_name="output_element_array" attribute_type="%s"' % attribute if attribute
                            else 'input_domain_name="input_array"')
        try:
            return shared[name].substitute(values)
        except KeyError as missing:
            sys.exit('%s: the marker for %s lacks %s' % (path, name, missing))

    return MARKER.sub(replace, text)


def main(registry_path, output_path):
    shared = templates()
    with open(registry_path) as f:
        # Each filter's proxy, then its variants' (other proxies of the same class).
        proxies = [proxy for entry in json.load(f)['filters']
                   for proxy in [entry['proxy']] + [variant['proxy'] for variant in entry.get('variants', [])]]
    parts = ['<ServerManagerConfiguration>\n', '  <ProxyGroup name="filters">\n']
    for proxy in proxies:
        path = os.path.join(HERE, 'filters', proxy + '.xml')
        if not os.path.isfile(path):
            sys.exit('%s is registered in %s but has no proxy file %s' % (proxy, registry_path, path))
        parts.append(expand(path, shared))
    parts.append('  </ProxyGroup>\n')
    parts.append(expand(os.path.join(HERE, 'settings.xml'), shared))
    parts.append('</ServerManagerConfiguration>\n')
    text = ''.join(parts)
    # Rewritten only when it changes (the plugin then rebuilds only when the XML does).
    if not os.path.isfile(output_path) or open(output_path).read() != text:
        with open(output_path, 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
