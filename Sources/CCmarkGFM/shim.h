#ifndef RUNWAY_CCMARKGFM_SHIM_H
#define RUNWAY_CCMARKGFM_SHIM_H

// Debian's libcmark-gfm 0.29.0.gfm.6: the public API and the core GFM extensions.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm_version.h>

// Debian installs cmark-gfm's private headers; Runway reads a node's literal from them without the
// copy that cmark_node_get_literal makes. The layout is this version's, so the version is pinned.
#include <cmark-gfm/node.h>

#if CMARK_GFM_VERSION != ((0 << 24) | (29 << 16) | (0 << 8) | 6)
#error "Runway reads cmark-gfm 0.29.0.gfm.6's private node layout; check node.h before changing version"
#endif

/// The literal text of a text, code, inline HTML, HTML block or code block node, without copying:
/// the bytes stay owned by the node. Other nodes give NULL.
static inline const unsigned char *runway_node_literal(cmark_node *node, int *length) {
    switch ((cmark_node_type)node->type) {
    case CMARK_NODE_CODE_BLOCK:
        *length = node->as.code.literal.len;
        return node->as.code.literal.data;
    case CMARK_NODE_TEXT:
    case CMARK_NODE_CODE:
    case CMARK_NODE_HTML_INLINE:
    case CMARK_NODE_HTML_BLOCK:
        *length = node->as.literal.len;
        return node->as.literal.data;
    default:
        *length = 0;
        return 0;
    }
}

/// The label of a footnote definition, or of the definition a footnote reference points to.
static inline const unsigned char *runway_footnote_label(cmark_node *node, int *length) {
    cmark_node *definition = node->type == CMARK_NODE_FOOTNOTE_REFERENCE ? node->parent_footnote_def : node;
    if (definition == 0) {
        *length = 0;
        return 0;
    }
    *length = definition->as.literal.len;
    return definition->as.literal.data;
}

/// A footnote reference's text: its footnote's number, in order of first reference.
static inline const unsigned char *runway_footnote_number(cmark_node *node, int *length) {
    *length = node->as.literal.len;
    return node->as.literal.data;
}

/// Which reference to its footnote this is: 1 for the first, 2 for the second…
static inline int runway_footnote_reference_index(cmark_node *node) { return node->footnote.ref_ix; }

/// How many references a footnote definition has.
static inline int runway_footnote_reference_count(cmark_node *node) { return node->footnote.def_count; }

#endif
