"""The reference graph: citing clause → cited clause (networkx).

Nodes are clause ids (and appendix names such as 「附录四」 for citations made there); every node has
``kind`` (``clause`` / ``appendix`` / ``absent``), ``title`` and ``line``.  An edge carries the list of
:class:`~ruleproof.text.model.Ref` objects that make it (``refs``).  Cited ids that do not exist in the
text are nodes of kind ``absent``.
"""

from __future__ import annotations

import networkx as nx

from ruleproof.text.model import Document, Ref


def reference_graph(doc: Document) -> nx.DiGraph[str]:
    graph: nx.DiGraph[str] = nx.DiGraph()
    for clause in doc.clauses.values():
        graph.add_node(clause.id, kind="clause", title=clause.title, line=clause.line)
    for appendix in doc.appendices:
        graph.add_node(appendix.name, kind="appendix", title=appendix.title, line=appendix.line)
    for ref in doc.refs():
        source = ref.clause if ref.clause is not None else ref.context.removeprefix("appendix:")
        target = ref.target_clause
        if target is None:
            continue
        if target not in graph:
            graph.add_node(target, kind="absent", title="", line=None)
        if graph.has_edge(source, target):
            graph.edges[source, target]["refs"].append(ref)
        else:
            graph.add_edge(source, target, refs=[ref])
    return graph


def cites(graph: nx.DiGraph[str], node: str) -> list[Ref]:
    """Every reference made by ``node`` (in line order)."""
    refs = [r for _, _, data in graph.out_edges(node, data=True) for r in data["refs"]]
    return sorted(refs, key=lambda r: (r.line, r.raw))


def cited_by(graph: nx.DiGraph[str], node: str) -> list[Ref]:
    """Every reference to ``node`` from elsewhere (in line order)."""
    refs = [r for _, _, data in graph.in_edges(node, data=True) for r in data["refs"]]
    return sorted(refs, key=lambda r: (r.line, r.raw))
