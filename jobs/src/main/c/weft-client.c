/*
 * weft-client: the warm server's client as a native program, so that a warm `weft` call pays for no JVM start
 * (docs/cli.md, "Warm server"). It speaks the protocol of dev.weft.jobs.warm.client.Wire, computes the same server
 * key as ServerKey.id(), and relays stdout, stderr and the exit code exactly as WarmClient does.
 *
 * It takes only the fast path. Whatever needs judgement is left to the JVM client (WarmClient), which the launcher
 * runs when this program exits 112: no server listening (the JVM client removes a stale socket and starts a
 * server), or a key this program cannot compute byte for byte as Java would (non-ASCII bytes outside a UTF-8
 * locale, invalid UTF-8, duplicate variables). Exit 111 means "no warm answer: run the call cold", exit 113 "the
 * jar is older than the sources" (only with --sources). Every wait has a deadline.
 *
 * usage: weft-client [--sources DIR] [--accept-ms N] [--heartbeat-ms N] JAR WEFT-ARGS...
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum { EXIT_COLD = 111, EXIT_JVM_CLIENT = 112, EXIT_STALE = 113 };
enum { ACCEPTED = 0, OUT = 1, ERR = 2, EXIT = 3, DECLINED = 4, GO = 6 };
#define MAGIC 0x57465431u
#define MAX_FRAME (1 << 20)

extern char **environ;

static int verbose;

/* With --verbose, why the call did not run warm; the same line the JVM client prints. */
static int cold(const char *why, const char *detail) {
  if (verbose) {
    fprintf(stderr, "weft: running cold: %s%s\n", why, detail ? detail : "");
  }
  return EXIT_COLD;
}

static int to_jvm_client(const char *why) {
  if (verbose) {
    fprintf(stderr, "weft: the native client hands the call to the JVM client: %s\n", why);
  }
  return EXIT_JVM_CLIENT;
}

static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long) t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* ---- the server key, as ServerKey.id() computes it ---- */

typedef struct {
  uint64_t a, b;
} lanes_t;

static void mix(lanes_t *l, uint32_t value) {
  l->a = (l->a ^ value) * 0x100000001b3ULL;
  l->b = (l->b ^ value) * 0x100000001b3ULL + (l->a >> 29);
}

/* Length-prefixed, so that ("ab", "c") and ("a", "bc") differ. */
static void update(lanes_t *l, const char *value, size_t length) {
  mix(l, (uint32_t) length);
  for (size_t i = 0; i < length; i++) {
    mix(l, (unsigned char) value[i]);
  }
}

static void update_str(lanes_t *l, const char *value) {
  update(l, value, strlen(value));
}

/* Whether ServerKey.read(name) keeps the variable: the same rule, for ASCII names (others go to the JVM client). */
static int key_reads(const char *name, size_t n) {
  char upper[n + 1];
  for (size_t i = 0; i < n; i++) {
    char c = name[i];
    upper[i] = (c >= 'a' && c <= 'z') ? (char) (c - 32) : c;
  }
  upper[n] = 0;
#define IS(s) (n == sizeof(s) - 1 && memcmp(name, s, n) == 0)
#define STARTS(s) (n >= sizeof(s) - 1 && memcmp(name, s, sizeof(s) - 1) == 0)
  if (IS("WEFT_NO_SERVER") || IS("WEFT_RUN_DIR") || IS("WEFT_NATIVE_CLIENT")) {
    return 0;
  }
  if (STARTS("WEFT_") || STARTS("LC_") || STARTS("XDG_") || STARTS("GIT_") || STARTS("JAVA") || STARTS("JDK_")
      || STARTS("_JAVA") || STARTS("OPENAI")) {
    return 1;
  }
  if ((n >= 6 && memcmp(upper + n - 6, "_PROXY", 6) == 0) || strstr(upper, "KEY") || strstr(upper, "TOKEN")
      || strstr(upper, "SECRET") || strstr(upper, "API")) {
    return 1;
  }
  return IS("LANG") || IS("LANGUAGE") || IS("TZ") || IS("HOME") || IS("USER") || IS("PATH") || IS("TMPDIR")
      || IS("NO_COLOR") || IS("CLICOLOR") || IS("CLICOLOR_FORCE") || IS("TERM");
#undef IS
#undef STARTS
}

static int ascii(const char *s) {
  for (; *s; s++) {
    if ((unsigned char) *s >= 0x80) {
      return 0;
    }
  }
  return 1;
}

/* Strict UTF-8 (no overlong forms, surrogates or code points past U+10FFFF): what Java decodes without loss. */
static int valid_utf8(const unsigned char *s) {
  while (*s) {
    unsigned c = *s;
    int more;
    unsigned min;
    unsigned cp;
    if (c < 0x80) {
      s++;
      continue;
    } else if ((c & 0xe0) == 0xc0) {
      more = 1, min = 0x80, cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
      more = 2, min = 0x800, cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
      more = 3, min = 0x10000, cp = c & 0x07;
    } else {
      return 0;
    }
    for (int i = 1; i <= more; i++) {
      if ((s[i] & 0xc0) != 0x80) {
        return 0;
      }
      cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      return 0;
    }
    s += more + 1;
  }
  return 1;
}

/*
 * Whether Java sees this string as these UTF-8 bytes: ASCII always; otherwise only valid UTF-8 under a UTF-8
 * locale (the JVM decodes argv and the environment with the locale's charset).
 */
static int java_sees_same(const char *s) {
  static int utf8_locale = -1;
  if (ascii(s)) {
    return 1;
  }
  if (utf8_locale < 0) {
    setlocale(LC_CTYPE, "");
    utf8_locale = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
  }
  return utf8_locale && valid_utf8((const unsigned char *) s);
}

typedef struct {
  const char *entry; /* NAME=value */
  size_t name_length;
  size_t order; /* position in environ: the first of duplicates is the one Java keeps */
} var_t;

static int by_name(const void *x, const void *y) {
  const var_t *a = x, *b = y;
  size_t n = a->name_length < b->name_length ? a->name_length : b->name_length;
  int c = memcmp(a->entry, b->entry, n);
  if (c != 0) {
    return c;
  }
  if (a->name_length != b->name_length) {
    return a->name_length < b->name_length ? -1 : 1;
  }
  return a->order < b->order ? -1 : 1;
}

/* The directory of the `java` on PATH, resolved as the JVM resolves its java.home; NULL when there is none. */
static char *java_home(void) {
  const char *path = getenv("PATH");
  if (path == NULL) {
    return NULL;
  }
  const char *at = path;
  while (1) {
    const char *end = strchr(at, ':');
    size_t n = end ? (size_t) (end - at) : strlen(at);
    char candidate[PATH_MAX];
    if (snprintf(candidate, sizeof candidate, "%.*s/java", (int) (n ? n : 1), n ? at : ".") < (int) sizeof candidate) {
      struct stat st;
      if (stat(candidate, &st) == 0 && S_ISREG(st.st_mode) && access(candidate, X_OK) == 0) {
        char *real = realpath(candidate, NULL);
        if (real == NULL) {
          return NULL;
        }
        size_t length = strlen(real);
        if (length < 9 || strcmp(real + length - 9, "/bin/java") != 0) {
          free(real);
          return NULL;
        }
        real[length - 9] = 0;
        return real;
      }
    }
    if (end == NULL) {
      return NULL;
    }
    at = end + 1;
  }
}

static void hex(uint64_t v, char *out) {
  static const char digits[] = "0123456789abcdef";
  for (int i = 15; i >= 0; i--) {
    out[i] = digits[v & 0xf];
    v >>= 4;
  }
}

/*
 * The key's id (ServerKey.id()) into id[25]; the working directory into cwd. Returns NULL, or why the JVM client
 * must compute it instead.
 */
static const char *server_id(const char *jar_arg, char *id, char *cwd, size_t cwd_size) {
  char *jar = realpath(jar_arg, NULL);
  struct stat st;
  if (jar == NULL || stat(jar, &st) != 0) {
    return "the jar cannot be read";
  }
  char *home = java_home();
  if (home == NULL) {
    return "no java on PATH";
  }
  if (getcwd(cwd, cwd_size) == NULL) {
    return "the working directory cannot be read";
  }
  if (!java_sees_same(jar) || !java_sees_same(home) || !java_sees_same(cwd)) {
    return "a path Java would decode differently";
  }
  size_t count = 0;
  for (char **e = environ; *e; e++) {
    count++;
  }
  var_t *vars = malloc((count + 1) * sizeof *vars);
  size_t kept = 0;
  for (size_t i = 0; i < count; i++) {
    const char *entry = environ[i];
    const char *eq = strchr(entry, '=');
    if (eq == NULL) {
      continue; /* Java skips an entry without '=' too */
    }
    size_t n = (size_t) (eq - entry);
    for (size_t k = 0; k < n; k++) {
      if ((unsigned char) entry[k] >= 0x80) {
        free(vars);
        return "a variable name that is not ASCII";
      }
    }
    if (n == 0 || !key_reads(entry, n)) {
      continue;
    }
    if (!java_sees_same(eq + 1)) {
      free(vars);
      return "a variable Java would decode differently";
    }
    vars[kept++] = (var_t){entry, n, i};
  }
  qsort(vars, kept, sizeof *vars, by_name);

  lanes_t l = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};
  char number[32];
  update_str(&l, jar);
  long long millis = (long long) st.st_mtim.tv_sec * 1000 + st.st_mtim.tv_nsec / 1000000;
  snprintf(number, sizeof number, "%lld", millis);
  update_str(&l, number);
  snprintf(number, sizeof number, "%lld", (long long) st.st_size);
  update_str(&l, number);
  update_str(&l, home);
  update_str(&l, cwd);
  for (size_t i = 0; i < kept; i++) {
    if (i > 0 && vars[i].name_length == vars[i - 1].name_length
        && memcmp(vars[i].entry, vars[i - 1].entry, vars[i].name_length) == 0) {
      continue; /* a duplicate: Java's map keeps the first */
    }
    update(&l, vars[i].entry, vars[i].name_length);
    update_str(&l, vars[i].entry + vars[i].name_length + 1);
  }
  free(vars);
  free(home);
  free(jar);
  char a[16], b[16];
  hex(l.a, a);
  hex(l.b, b);
  memcpy(id, a, 16);
  memcpy(id + 16, b, 8);
  id[24] = 0;
  return NULL;
}

/* ---- where the sockets live, as RunDir.of() decides ---- */

static int blank(const char *s) {
  for (; *s; s++) {
    if (!(*s == ' ' || (*s >= '\t' && *s <= '\r') || (*s >= 0x1c && *s <= 0x1f))) {
      return 0;
    }
  }
  return 1;
}

static const char *socket_path(const char *id, char *out, size_t size) {
  const char *explicit = getenv("WEFT_RUN_DIR");
  const char *runtime = getenv("XDG_RUNTIME_DIR");
  const char *home = getenv("HOME");
  struct stat st;
  int n;
  if (explicit != NULL && !blank(explicit)) {
    n = snprintf(out, size, "%s", explicit);
  } else if (runtime != NULL && !blank(runtime) && stat(runtime, &st) == 0 && S_ISDIR(st.st_mode)) {
    n = snprintf(out, size, "%s/weft", runtime);
  } else if (home != NULL) {
    n = snprintf(out, size, "%s/.cache/weft/run", home);
  } else {
    return "no HOME";
  }
  if (n < 0 || (size_t) n >= size) {
    return "the socket's path is too long";
  }
  /* a socket in a directory another user owns may be theirs: the JVM client refuses it by name (RunDir.NotOwned) */
  if (stat(out, &st) == 0 && st.st_uid != geteuid()) {
    return "the run directory belongs to another user";
  }
  n = snprintf(out + n, size - (size_t) n, "/%s.sock", id);
  if (n < 0 || strlen(out) + 1 >= size) {
    return "the socket's path is too long";
  }
  if (!ascii(out) && !java_sees_same(out)) {
    return "a run directory Java would decode differently";
  }
  return NULL;
}

/* ---- the connection: every wait with a deadline ---- */

/* Waits for `events` on fd until deadline (monotonic ms): 1 ready, 0 timed out, -1 error. */
static int await(int fd, short events, long long deadline) {
  while (1) {
    long long left = deadline - now_ms();
    if (left <= 0) {
      return 0;
    }
    struct pollfd p = {fd, events, 0};
    int r = poll(&p, 1, (int) (left > 1000000 ? 1000000 : left));
    if (r > 0) {
      return 1;
    }
    if (r < 0 && errno != EINTR) {
      return -1;
    }
  }
}

/* Sends all of buf: 1 sent, 0 timed out, -1 the server closed the connection. */
static int send_all(int fd, const unsigned char *buf, size_t n, long long deadline) {
  while (n > 0) {
    ssize_t w = send(fd, buf, n, MSG_NOSIGNAL);
    if (w > 0) {
      buf += w;
      n -= (size_t) w;
    } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      int r = await(fd, POLLOUT, deadline);
      if (r <= 0) {
        return r;
      }
    } else if (!(w < 0 && errno == EINTR)) {
      return -1;
    }
  }
  return 1;
}

/* Reads exactly n bytes: 1 read, 0 end of stream before the first byte, -1 end or error inside, -2 timed out. */
static int read_all(int fd, unsigned char *buf, size_t n, long long deadline) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = recv(fd, buf + got, n - got, 0);
    if (r > 0) {
      got += (size_t) r;
    } else if (r == 0) {
      return got == 0 ? 0 : -1;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      int a = await(fd, POLLIN, deadline);
      if (a == 0) {
        return -2;
      }
      if (a < 0) {
        return -1;
      }
    } else if (errno != EINTR) {
      return -1;
    }
  }
  return 1;
}

typedef struct {
  int type;
  uint32_t length;
  unsigned char *payload;
} frame_t;

/* The next frame: 1, or what read_all says (0 end, -1 broken, -2 timed out), or -3 for a frame no server sends. */
static int next_frame(int fd, frame_t *frame, long long deadline) {
  unsigned char header[5];
  int r = read_all(fd, header, 5, deadline);
  if (r != 1) {
    return r;
  }
  uint32_t length = (uint32_t) header[1] << 24 | (uint32_t) header[2] << 16 | (uint32_t) header[3] << 8 | header[4];
  if (length > MAX_FRAME) {
    return -3;
  }
  frame->type = header[0];
  frame->length = length;
  frame->payload = realloc(frame->payload, length + 1);
  if (length > 0) {
    r = read_all(fd, frame->payload, length, deadline);
    if (r != 1) {
      return r == -2 ? -2 : -1;
    }
  }
  frame->payload[length] = 0;
  return 1;
}

/*
 * Writes a relayed frame to our stdout or stderr. A reader that went away (`weft recall ... | head -1`) is not an
 * error: the cold CLI's PrintWriter drops such output too and exits with the command's code, so this does the same.
 */
static void relay(int fd, const unsigned char *buf, size_t n, int *broken) {
  while (n > 0 && !*broken) {
    ssize_t w = write(fd, buf, n);
    if (w > 0) {
      buf += w;
      n -= (size_t) w;
    } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      /* a non-blocking stdout the caller shared with us: wait as a blocking write would, for the reader */
      struct pollfd p = {fd, POLLOUT, 0};
      poll(&p, 1, -1);
    } else if (!(w < 0 && errno == EINTR)) {
      *broken = 1;
    }
  }
}

/* ---- the request, as Wire.Request.encode() writes it ---- */

typedef struct {
  unsigned char *bytes;
  size_t length, capacity;
} buffer_t;

static void put(buffer_t *b, const void *bytes, size_t n) {
  if (b->length + n > b->capacity) {
    b->capacity = (b->length + n) * 2;
    b->bytes = realloc(b->bytes, b->capacity);
  }
  memcpy(b->bytes + b->length, bytes, n);
  b->length += n;
}

static void put_int(buffer_t *b, uint32_t v) {
  unsigned char bytes[4] = {(unsigned char) (v >> 24), (unsigned char) (v >> 16), (unsigned char) (v >> 8),
      (unsigned char) v};
  put(b, bytes, 4);
}

static void put_string(buffer_t *b, const char *s) {
  size_t n = strlen(s);
  put_int(b, (uint32_t) n);
  put(b, s, n);
}

/* ---- the launcher's staleness check, without a `find` process ---- */

static struct timespec jar_time;

static int newer(const struct stat *st) {
  return st->st_mtim.tv_sec > jar_time.tv_sec
      || (st->st_mtim.tv_sec == jar_time.tv_sec && st->st_mtim.tv_nsec > jar_time.tv_nsec);
}

/* Whether anything under dir (the directory itself included) is newer than the jar; symlinks are not followed. */
static int newer_under(int parent, const char *name) {
  struct stat st;
  if (fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
    return 0;
  }
  if (newer(&st)) {
    return 1;
  }
  if (!S_ISDIR(st.st_mode)) {
    return 0;
  }
  int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    return 0;
  }
  DIR *dir = fdopendir(fd);
  if (dir == NULL) {
    close(fd);
    return 0;
  }
  int found = 0;
  for (struct dirent *e = readdir(dir); e != NULL && !found; e = readdir(dir)) {
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
      found = newer_under(fd, e->d_name);
    }
  }
  closedir(dir);
  return found;
}

/*
 * The launcher's rule (find over DIR/pom.xml, each DIR/MODULE/pom.xml and DIR/MODULE/src/main, -newer JAR): a pom, or anything under a
 * module's src/main, newer than the jar. Done here because a `find` process is a fork and an exec on every call.
 */
static int sources_newer(const char *root, const char *jar) {
  struct stat st;
  if (stat(jar, &st) != 0) {
    return 1;
  }
  jar_time = st.st_mtim;
  int rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (rootfd < 0) {
    return 0;
  }
  int found = fstatat(rootfd, "pom.xml", &st, 0) == 0 && newer(&st);
  DIR *dir = found ? NULL : fdopendir(dup(rootfd));
  for (struct dirent *e = dir ? readdir(dir) : NULL; e != NULL && !found; e = readdir(dir)) {
    if (e->d_name[0] == '.') {
      continue; /* as the shell's * leaves them out */
    }
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/pom.xml", e->d_name);
    found = fstatat(rootfd, path, &st, 0) == 0 && newer(&st);
    snprintf(path, sizeof path, "%s/src/main", e->d_name);
    found = found || newer_under(rootfd, path);
  }
  if (dir) {
    closedir(dir);
  }
  close(rootfd);
  return found;
}

/* ---- the call ---- */

int main(int argc, char **argv) {
  /* a reader that went away makes writes fail (see relay), it does not kill the call: as in a JVM */
  signal(SIGPIPE, SIG_IGN);
  const char *sources = NULL;
  long long accept_ms = 1000;
  long long heartbeat_ms = 30000;
  int at = 1;
  while (at + 1 < argc && strncmp(argv[at], "--", 2) == 0) {
    if (strcmp(argv[at], "--sources") == 0) {
      sources = argv[at + 1];
    } else if (strcmp(argv[at], "--accept-ms") == 0) {
      accept_ms = atoll(argv[at + 1]);
    } else if (strcmp(argv[at], "--heartbeat-ms") == 0) {
      heartbeat_ms = atoll(argv[at + 1]);
    } else {
      fprintf(stderr, "weft-client: unknown option %s; usage: weft-client [--sources DIR] [--accept-ms N] "
          "[--heartbeat-ms N] JAR WEFT-ARGS...\n", argv[at]);
      return 2;
    }
    at += 2;
  }
  if (at >= argc) {
    fprintf(stderr, "weft-client: no jar given; usage: weft-client [--sources DIR] JAR WEFT-ARGS...\n");
    return 2;
  }
  const char *jar = argv[at++];
  for (int i = at; i < argc; i++) {
    verbose |= strcmp(argv[i], "--verbose") == 0;
  }
  if (sources != NULL && sources_newer(sources, jar)) {
    return EXIT_STALE;
  }
  if (at >= argc) {
    return cold("no command", NULL);
  }
  for (int i = at; i < argc; i++) {
    if (!java_sees_same(argv[i])) {
      return to_jvm_client("an argument Java would decode differently");
    }
  }

  char id[25];
  char cwd[PATH_MAX];
  const char *why = server_id(jar, id, cwd, sizeof cwd);
  char socket_file[sizeof(((struct sockaddr_un *) 0)->sun_path)];
  if (why == NULL) {
    why = socket_path(id, socket_file, sizeof socket_file);
  }
  if (why != NULL) {
    return to_jvm_client(why);
  }

  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  memcpy(address.sun_path, socket_file, strlen(socket_file) + 1);
  if (fd < 0) {
    return to_jvm_client("no socket");
  }
  if (connect(fd, (struct sockaddr *) &address, sizeof address) != 0) {
    if (errno == EAGAIN) {
      /* a Unix socket's backlog is full: that server has more than it can take now */
      return cold("the warm server's backlog is full at ", socket_file);
    }
    return to_jvm_client("no warm server listens"); /* it removes a stale socket and starts a server */
  }

  buffer_t body = {0};
  put_int(&body, MAGIC);
  put_string(&body, id);
  put_string(&body, cwd);
  unsigned char console = isatty(0) && isatty(1); /* System.console() != null */
  put(&body, &console, 1);
  put_int(&body, (uint32_t) (argc - at));
  for (int i = at; i < argc; i++) {
    put_string(&body, argv[i]);
  }
  buffer_t request = {0};
  put_int(&request, (uint32_t) body.length);
  put(&request, body.bytes, body.length);

  char waited[64];
  snprintf(waited, sizeof waited, "%lld ms", accept_ms);
  /* a busy server declines and closes without reading the request: its answer is then still in the socket */
  int sent = send_all(fd, request.bytes, request.length, now_ms() + accept_ms);
  if (sent == 0) {
    return cold("the warm server did not answer within ", waited);
  }
  frame_t frame = {0};
  int r = next_frame(fd, &frame, now_ms() + accept_ms);
  if (r == -2) {
    return cold("the warm server did not answer within ", waited);
  }
  if (r != 1) {
    return cold("the warm server closed the connection without answering", NULL);
  }
  if (frame.type == DECLINED) {
    return cold("the warm server declined: ", (const char *) frame.payload);
  }
  if (sent < 0 || frame.type != ACCEPTED) {
    return cold("the warm server answered before accepting the command", NULL);
  }
  /*
   * An ACCEPTED with a payload names a call that may write (Wire.GO): the server runs it only on our go-ahead, and
   * from then on it is never run cold — its payload is the line that says the outcome is unknown and how to check.
   */
  char *unknown = NULL;
  if (frame.length > 0) {
    unknown = strdup((const char *) frame.payload);
    static const unsigned char go[5] = {GO, 0, 0, 0, 0};
    if (send_all(fd, go, sizeof go, now_ms() + accept_ms) != 1) {
      return cold("the warm server did not take the go-ahead for a write", NULL);
    }
  }

  int relayed = 0;
  int broken_out = 0;
  int broken_err = 0;
  while (1) {
    r = next_frame(fd, &frame, now_ms() + heartbeat_ms);
    if (r == 1 && frame.type == EXIT && frame.length == 4) {
      return (int) ((uint32_t) frame.payload[0] << 24 | (uint32_t) frame.payload[1] << 16
          | (uint32_t) frame.payload[2] << 8 | frame.payload[3]);
    }
    if (r != 1 || frame.type == EXIT) { /* the end of the stream, a broken one, or an exit code of the wrong size */
      if (unknown != NULL) {
        /* the server has the write and may yet apply it: running it cold too could apply it twice */
        relay(2, (const unsigned char *) unknown, strlen(unknown), &broken_err);
        relay(2, (const unsigned char *) "\n", 1, &broken_err);
        return 5;
      }
      if (!relayed) {
        return cold("the warm server stopped before the command printed anything", NULL);
      }
      static const char stopped[] = "weft: the warm server stopped before the command finished; rerun it "
          "(WEFT_NO_SERVER=1 runs it in its own process)\n";
      relay(2, (const unsigned char *) stopped, sizeof stopped - 1, &broken_err);
      return 5;
    }
    switch (frame.type) {
      case OUT:
        relay(1, frame.payload, frame.length, &broken_out);
        relayed = 1;
        break;
      case ERR:
        relay(2, frame.payload, frame.length, &broken_err);
        relayed = 1;
        break;
      default:
        break; /* a heartbeat: the command is still running */
    }
  }
}
