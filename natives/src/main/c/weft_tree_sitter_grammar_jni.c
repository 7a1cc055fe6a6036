/*
 * The one native of an io.github.bonede grammar class (e.g. org.treesitter.TreeSitterPython's tree_sitter_python()),
 * compiled by build-tree-sitter.sh into each grammar's library with the vendored grammar at -O2: the libraries
 * bonede ships are debug builds, and their lexers took ~15% of a parse (benchmarks.md, "Cold code ingest").
 * WEFT_GRAMMAR is the grammar's C name (python), WEFT_GRAMMAR_CLASS its Java class's simple name (TreeSitterPython).
 */
#include <jni.h>
#include <stdint.h>

#define WEFT_CAT(a, b) a##b
#define WEFT_XCAT(a, b) WEFT_CAT(a, b)
#define WEFT_LANGUAGE_FUNCTION WEFT_XCAT(tree_sitter_, WEFT_GRAMMAR)
#define WEFT_JNI_FUNCTION \
  WEFT_XCAT(WEFT_XCAT(WEFT_XCAT(Java_org_treesitter_, WEFT_GRAMMAR_CLASS), _tree_1sitter_1), WEFT_GRAMMAR)

typedef struct TSLanguage TSLanguage;
const TSLanguage *WEFT_LANGUAGE_FUNCTION(void);

JNIEXPORT jlong JNICALL WEFT_JNI_FUNCTION(JNIEnv *env, jclass cls) {
  return (jlong) (intptr_t) WEFT_LANGUAGE_FUNCTION();
}
