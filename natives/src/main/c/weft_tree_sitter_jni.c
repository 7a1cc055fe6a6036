/*
 * The JNI side of io.github.bonede:tree-sitter's Java classes (org.treesitter.TSParser's natives), built here with
 * the tree-sitter runtime at -O2. The library bonede ships is a debug build (every local spilled to the stack):
 * parsing the 638-file Python standard library took 3.3 s of CPU with it and 1.3 s with this one (benchmarks.md,
 * "Cold code ingest"). Only the natives the Java classes call for parsing and walking a tree are here; a native
 * of theirs that is missing fails with UnsatisfiedLinkError when called, never silently.
 *
 * Conventions kept from the Java side: a TSNode object carries the C node in its fields context0..3, idPtr and
 * treePtr (its tree field is set by the Java wrapper); a null C node is a TSNode object whose idPtr is 0; text is
 * handed to tree-sitter as UTF-8 (a lone surrogate as its 3-byte form, as Weft's Lines.charColumn counts it).
 */
#include <jni.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"

static jclass node_class;
static jmethodID node_init;
static jfieldID f_context0, f_context1, f_context2, f_context3, f_id, f_tree;
static jclass point_class;
static jmethodID point_init;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
  JNIEnv *env;
  if ((*vm)->GetEnv(vm, (void **) &env, JNI_VERSION_1_8) != JNI_OK) {
    return JNI_ERR;
  }
  jclass node = (*env)->FindClass(env, "org/treesitter/TSNode");
  jclass point = (*env)->FindClass(env, "org/treesitter/TSPoint");
  if (node == NULL || point == NULL) {
    return JNI_ERR;
  }
  node_class = (*env)->NewGlobalRef(env, node);
  point_class = (*env)->NewGlobalRef(env, point);
  node_init = (*env)->GetMethodID(env, node, "<init>", "()V");
  point_init = (*env)->GetMethodID(env, point, "<init>", "(II)V");
  f_context0 = (*env)->GetFieldID(env, node, "context0", "I");
  f_context1 = (*env)->GetFieldID(env, node, "context1", "I");
  f_context2 = (*env)->GetFieldID(env, node, "context2", "I");
  f_context3 = (*env)->GetFieldID(env, node, "context3", "I");
  f_id = (*env)->GetFieldID(env, node, "idPtr", "J");
  f_tree = (*env)->GetFieldID(env, node, "treePtr", "J");
  if (node_init == NULL || point_init == NULL || f_context0 == NULL || f_context1 == NULL || f_context2 == NULL
      || f_context3 == NULL || f_id == NULL || f_tree == NULL) {
    return JNI_ERR;
  }
  return JNI_VERSION_1_8;
}

static TSNode to_node(JNIEnv *env, jobject obj) {
  TSNode node;
  node.context[0] = (uint32_t) (*env)->GetIntField(env, obj, f_context0);
  node.context[1] = (uint32_t) (*env)->GetIntField(env, obj, f_context1);
  node.context[2] = (uint32_t) (*env)->GetIntField(env, obj, f_context2);
  node.context[3] = (uint32_t) (*env)->GetIntField(env, obj, f_context3);
  node.id = (const void *) (intptr_t) (*env)->GetLongField(env, obj, f_id);
  node.tree = (const TSTree *) (intptr_t) (*env)->GetLongField(env, obj, f_tree);
  return node;
}

static jobject from_node(JNIEnv *env, TSNode node) {
  jobject obj = (*env)->NewObject(env, node_class, node_init);
  if (obj == NULL) {
    return NULL;
  }
  (*env)->SetIntField(env, obj, f_context0, (jint) node.context[0]);
  (*env)->SetIntField(env, obj, f_context1, (jint) node.context[1]);
  (*env)->SetIntField(env, obj, f_context2, (jint) node.context[2]);
  (*env)->SetIntField(env, obj, f_context3, (jint) node.context[3]);
  (*env)->SetLongField(env, obj, f_id, (jlong) (intptr_t) node.id);
  (*env)->SetLongField(env, obj, f_tree, (jlong) (intptr_t) node.tree);
  return obj;
}

static jobject from_point(JNIEnv *env, TSPoint point) {
  return (*env)->NewObject(env, point_class, point_init, (jint) point.row, (jint) point.column);
}

static jstring string_or_null(JNIEnv *env, const char *text) {
  return text == NULL ? NULL : (*env)->NewStringUTF(env, text);
}

/* UTF-16 to UTF-8; returns a malloc'd buffer (NULL when out of memory) and its length in *length. */
static char *utf8(const jchar *chars, jsize n, uint32_t *length) {
  char *out = malloc((size_t) n * 3 + 1);
  if (out == NULL) {
    return NULL;
  }
  char *p = out;
  for (jsize i = 0; i < n; i++) {
    uint32_t c = chars[i];
    if (c < 0x80) {
      *p++ = (char) c;
    } else if (c < 0x800) {
      *p++ = (char) (0xC0 | (c >> 6));
      *p++ = (char) (0x80 | (c & 0x3F));
    } else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && chars[i + 1] >= 0xDC00 && chars[i + 1] <= 0xDFFF) {
      uint32_t cp = 0x10000 + ((c - 0xD800) << 10) + (chars[i + 1] - 0xDC00);
      i++;
      *p++ = (char) (0xF0 | (cp >> 18));
      *p++ = (char) (0x80 | ((cp >> 12) & 0x3F));
      *p++ = (char) (0x80 | ((cp >> 6) & 0x3F));
      *p++ = (char) (0x80 | (cp & 0x3F));
    } else {
      *p++ = (char) (0xE0 | (c >> 12));
      *p++ = (char) (0x80 | ((c >> 6) & 0x3F));
      *p++ = (char) (0x80 | (c & 0x3F));
    }
  }
  *length = (uint32_t) (p - out);
  return out;
}

#define PARSER(name) Java_org_treesitter_TSParser_##name

JNIEXPORT jlong JNICALL PARSER(ts_1parser_1new)(JNIEnv *env, jclass cls) {
  return (jlong) (intptr_t) ts_parser_new();
}

JNIEXPORT void JNICALL PARSER(ts_1parser_1delete)(JNIEnv *env, jclass cls, jlong parser) {
  ts_parser_delete((TSParser *) (intptr_t) parser);
}

/* Called by the parser's clean action before ts_parser_delete. Loggers are not supported here (their natives are
   absent), so no parser has one whose payload would need freeing. */
JNIEXPORT void JNICALL PARSER(free_1logger)(JNIEnv *env, jclass cls, jlong parser) {
}

JNIEXPORT jboolean JNICALL PARSER(ts_1parser_1set_1language)(JNIEnv *env, jclass cls, jlong parser, jlong language) {
  return ts_parser_set_language((TSParser *) (intptr_t) parser, (const TSLanguage *) (intptr_t) language);
}

JNIEXPORT jlong JNICALL PARSER(ts_1parser_1language)(JNIEnv *env, jclass cls, jlong parser) {
  return (jlong) (intptr_t) ts_parser_language((TSParser *) (intptr_t) parser);
}

JNIEXPORT void JNICALL PARSER(ts_1parser_1reset)(JNIEnv *env, jclass cls, jlong parser) {
  ts_parser_reset((TSParser *) (intptr_t) parser);
}

JNIEXPORT jlong JNICALL PARSER(ts_1parser_1parse_1string)(JNIEnv *env, jclass cls, jlong parser, jlong old,
    jstring text) {
  jsize n = (*env)->GetStringLength(env, text);
  const jchar *chars = (*env)->GetStringCritical(env, text, NULL);
  if (chars == NULL) {
    return 0;
  }
  uint32_t length = 0;
  char *bytes = utf8(chars, n, &length);
  (*env)->ReleaseStringCritical(env, text, chars);
  if (bytes == NULL) {
    jclass oom = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
    if (oom != NULL) {
      (*env)->ThrowNew(env, oom, "no memory for the UTF-8 copy of the text to parse");
    }
    return 0;
  }
  TSTree *tree = ts_parser_parse_string((TSParser *) (intptr_t) parser, (const TSTree *) (intptr_t) old, bytes,
      length);
  free(bytes);
  return (jlong) (intptr_t) tree;
}

JNIEXPORT jlong JNICALL PARSER(ts_1tree_1copy)(JNIEnv *env, jclass cls, jlong tree) {
  return (jlong) (intptr_t) ts_tree_copy((const TSTree *) (intptr_t) tree);
}

JNIEXPORT void JNICALL PARSER(ts_1tree_1delete)(JNIEnv *env, jclass cls, jlong tree) {
  ts_tree_delete((TSTree *) (intptr_t) tree);
}

JNIEXPORT jobject JNICALL PARSER(ts_1tree_1root_1node)(JNIEnv *env, jclass cls, jlong tree) {
  return from_node(env, ts_tree_root_node((const TSTree *) (intptr_t) tree));
}

JNIEXPORT jlong JNICALL PARSER(ts_1tree_1language)(JNIEnv *env, jclass cls, jlong tree) {
  return (jlong) (intptr_t) ts_tree_language((const TSTree *) (intptr_t) tree);
}

JNIEXPORT void JNICALL PARSER(ts_1language_1delete)(JNIEnv *env, jclass cls, jlong language) {
  ts_language_delete((const TSLanguage *) (intptr_t) language);
}

#define NODE_STRING(name, call) \
  JNIEXPORT jstring JNICALL PARSER(name)(JNIEnv *env, jclass cls, jobject node) { \
    return string_or_null(env, call(to_node(env, node))); \
  }
#define NODE_INT(name, call) \
  JNIEXPORT jint JNICALL PARSER(name)(JNIEnv *env, jclass cls, jobject node) { \
    return (jint) call(to_node(env, node)); \
  }
#define NODE_BOOL(name, call) \
  JNIEXPORT jboolean JNICALL PARSER(name)(JNIEnv *env, jclass cls, jobject node) { \
    return call(to_node(env, node)) ? JNI_TRUE : JNI_FALSE; \
  }
#define NODE_NODE(name, call) \
  JNIEXPORT jobject JNICALL PARSER(name)(JNIEnv *env, jclass cls, jobject node) { \
    return from_node(env, call(to_node(env, node))); \
  }
#define NODE_NODE_INDEX(name, call) \
  JNIEXPORT jobject JNICALL PARSER(name)(JNIEnv *env, jclass cls, jobject node, jint index) { \
    return from_node(env, call(to_node(env, node), (uint32_t) index)); \
  }

NODE_STRING(ts_1node_1type, ts_node_type)
NODE_STRING(ts_1node_1grammar_1type, ts_node_grammar_type)
NODE_INT(ts_1node_1symbol, ts_node_symbol)
NODE_INT(ts_1node_1grammar_1symbol, ts_node_grammar_symbol)
NODE_INT(ts_1node_1start_1byte, ts_node_start_byte)
NODE_INT(ts_1node_1end_1byte, ts_node_end_byte)
NODE_INT(ts_1node_1child_1count, ts_node_child_count)
NODE_INT(ts_1node_1named_1child_1count, ts_node_named_child_count)
NODE_INT(ts_1node_1parse_1state, ts_node_parse_state)
NODE_INT(ts_1node_1next_1parse_1state, ts_node_next_parse_state)
NODE_BOOL(ts_1node_1is_1null, ts_node_is_null)
NODE_BOOL(ts_1node_1is_1named, ts_node_is_named)
NODE_BOOL(ts_1node_1is_1missing, ts_node_is_missing)
NODE_BOOL(ts_1node_1is_1extra, ts_node_is_extra)
NODE_BOOL(ts_1node_1has_1changes, ts_node_has_changes)
NODE_BOOL(ts_1node_1has_1error, ts_node_has_error)
NODE_BOOL(ts_1node_1is_1error, ts_node_is_error)
NODE_NODE(ts_1node_1parent, ts_node_parent)
NODE_NODE(ts_1node_1next_1sibling, ts_node_next_sibling)
NODE_NODE(ts_1node_1prev_1sibling, ts_node_prev_sibling)
NODE_NODE(ts_1node_1next_1named_1sibling, ts_node_next_named_sibling)
NODE_NODE(ts_1node_1prev_1named_1sibling, ts_node_prev_named_sibling)
NODE_NODE_INDEX(ts_1node_1child, ts_node_child)
NODE_NODE_INDEX(ts_1node_1named_1child, ts_node_named_child)

JNIEXPORT jobject JNICALL PARSER(ts_1node_1start_1point)(JNIEnv *env, jclass cls, jobject node) {
  return from_point(env, ts_node_start_point(to_node(env, node)));
}

JNIEXPORT jobject JNICALL PARSER(ts_1node_1end_1point)(JNIEnv *env, jclass cls, jobject node) {
  return from_point(env, ts_node_end_point(to_node(env, node)));
}

JNIEXPORT jstring JNICALL PARSER(ts_1node_1string)(JNIEnv *env, jclass cls, jobject node) {
  char *text = ts_node_string(to_node(env, node));
  jstring out = string_or_null(env, text);
  free(text);
  return out;
}

JNIEXPORT jstring JNICALL PARSER(ts_1node_1field_1name_1for_1child)(JNIEnv *env, jclass cls, jobject node,
    jint index) {
  return string_or_null(env, ts_node_field_name_for_child(to_node(env, node), (uint32_t) index));
}

JNIEXPORT jobject JNICALL PARSER(ts_1node_1child_1by_1field_1name)(JNIEnv *env, jclass cls, jobject node,
    jstring name) {
  const char *chars = (*env)->GetStringUTFChars(env, name, NULL);
  if (chars == NULL) {
    return NULL;
  }
  TSNode child = ts_node_child_by_field_name(to_node(env, node), chars, (uint32_t) strlen(chars));
  (*env)->ReleaseStringUTFChars(env, name, chars);
  return from_node(env, child);
}

JNIEXPORT jobject JNICALL PARSER(ts_1node_1child_1by_1field_1id)(JNIEnv *env, jclass cls, jobject node, jint id) {
  return from_node(env, ts_node_child_by_field_id(to_node(env, node), (TSFieldId) id));
}

JNIEXPORT jboolean JNICALL PARSER(ts_1node_1eq)(JNIEnv *env, jclass cls, jobject a, jobject b) {
  return ts_node_eq(to_node(env, a), to_node(env, b)) ? JNI_TRUE : JNI_FALSE;
}
