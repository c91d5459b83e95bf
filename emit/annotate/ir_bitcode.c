/* The LLVM-C IR backend: reads bitcode or text IR with LLVM 22, sets or strips the
 * "enzyme_type" attributes the annotator decides, verifies the module and writes it as
 * bitcode or text. Used for every input/output pair except text -> text (ir_text.c).
 * Ownership follows LLVM-C: every message, buffer, module and context made here is
 * disposed here; LLVM's own diagnostics become tt_ctx diagnostics, never prints. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "ir_run.h"
#include "../../layout/xalloc.h"

#define ATTR_KIND "enzyme_type"
#define ATTR_KIND_LEN (sizeof ATTR_KIND - 1)

static bool is_stdio(const char *path)
{
    return strcmp(path, "-") == 0;
}

/* LLVM messages end in newlines and may repeat the buffer name as "NAME:"; the
 * diagnostic already names the file, so drop both. Result in the arena. */
static const char *llvm_msg(tt_ctx *c, const char *msg, const char *name)
{
    if (!msg || !*msg)
        return "(no message from LLVM)";
    size_t nl = strlen(name);
    if (strncmp(msg, name, nl) == 0 && msg[nl] == ':') {
        msg += nl + 1;
        while (*msg == ' ')
            msg++;
    }
    size_t n = strlen(msg);
    while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        n--;
    return arena_strndup(c->arena, msg, n);
}

/* LLVMContext's default handler prints errors and exits; ours records them. */

static void on_llvm_diag(LLVMDiagnosticInfoRef di, void *opaque)
{
    ir_run *r = opaque;
    LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(di);
    if (sev != LLVMDSError && sev != LLVMDSWarning)
        return;
    char *d = LLVMGetDiagInfoDescription(di);
    diag_add(r->c, sev == LLVMDSError ? TT_ERROR : TT_WARNING, ir_run_at(r, NULL),
             "LLVM: %s", llvm_msg(r->c, d, r->file));
    LLVMDisposeMessage(d);
}

/* LLVM's parse message: "[LINE:COL: ]error: MSG" then, for text, the source line and
 * a caret. The diagnostic gets the position as its location and MSG alone. */
static void parse_error(ir_run *r, bool bitcode, const char *m)
{
    unsigned line = 0, col = 0;
    int used = 0;
    const tt_loc *where = ir_run_at(r, NULL);
    if (sscanf(m, "%u:%u: %n", &line, &col, &used) == 2 && used > 0) {
        where = ir_run_at(r, "line %u, column %u", line, col);
        m += used;
    }
    if (strncmp(m, "error: ", 7) == 0)
        m += 7;
    int n = (int)strcspn(m, "\n");
    diag_add(r->c, TT_ERROR, where, "invalid LLVM %s: %.*s", bitcode ? "bitcode" : "IR", n, m);
}

static void ignore_llvm_diag(LLVMDiagnosticInfoRef di, void *opaque) {}

/* LLVM's readers are not hardened: some damaged bitcode makes it read out of bounds or
 * dereference NULL (tests/fuzz/crashes-found/fuzz_ir-llvm-*), and a module whose debug
 * info version is current but which fails the verifier makes it print the verifier's
 * report and abort ("Broken module found"). So the input is parsed first in a child
 * process whose standard error is captured; a crash there becomes an error here, and only
 * input that LLVM reads without dying is parsed in this process (parsing is
 * deterministic). Costs one more parse on this path; the .ll -> .ll path has none. */
enum { CHILD_PARSED = 42, CHILD_REJECTED = 43 };
static bool llvm_survives(ir_run *r, LLVMMemoryBufferRef buf, bool bitcode)
{
    int fds[2];
    if (pipe(fds) < 0)
        return true; /* no pipe or process to spare: parse unguarded, as llvm-dis would */
    fflush(NULL);    /* the child ends with _exit, but buffered output must not be doubled */
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return true;
    }
    if (pid == 0) {
        /* die quietly: no crash report, no handler of the parent's (a fuzzer's) */
        static const int deadly[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
        for (size_t i = 0; i < sizeof deadly / sizeof deadly[0]; i++)
            signal(deadly[i], SIG_DFL);
        close(fds[0]);
        dup2(fds[1], 2);
        LLVMContextRef ctx = LLVMContextCreate();
        LLVMContextSetDiagnosticHandler(ctx, ignore_llvm_diag, NULL);
        LLVMModuleRef m = NULL;
        _exit(LLVMParseIRInContext2(ctx, buf, &m, NULL) ? CHILD_REJECTED : CHILD_PARSED);
    }
    close(fds[1]);
    /* Drain the child's report (so it never blocks on a full pipe); keep LLVM's last
     * "LLVM ERROR: ..." line, or else the first line. */
    char chunk[4096], first[256] = "", fatal[256] = "";
    tt_buf line = {0};
    ssize_t n;
    while ((n = read(fds[0], chunk, sizeof chunk)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (ssize_t i = 0; i < n; i++) {
            if (chunk[i] != '\n') {
                if (line.len < 255)
                    buf_putn(&line, &chunk[i], 1);
                continue;
            }
            if (line.len && !first[0])
                snprintf(first, sizeof first, "%s", line.data);
            if (line.len && strncmp(line.data, "LLVM ERROR: ", 12) == 0)
                snprintf(fatal, sizeof fatal, "%s", line.data + 12);
            line.len = 0;
            if (line.data)
                line.data[0] = 0;
        }
    }
    free(line.data);
    close(fds[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR)
            return true;
    }
    if (WIFEXITED(st) && (WEXITSTATUS(st) == CHILD_PARSED || WEXITSTATUS(st) == CHILD_REJECTED))
        return true;
    const char *what = bitcode ? "invalid LLVM bitcode" : "invalid LLVM IR";
    const char *why = fatal[0] ? fatal : first;
    /* with a fatal error, the first line is the verifier's finding, when there is one */
    bool cause = fatal[0] && first[0] && strncmp(first, "LLVM ERROR: ", 12) != 0;
    char code[32];
    if (WIFSIGNALED(st))
        snprintf(code, sizeof code, "signal %d", WTERMSIG(st));
    else
        snprintf(code, sizeof code, "exit status %d", WEXITSTATUS(st));
    diag_add(r->c, TT_ERROR, ir_run_at(r, NULL), "%s: LLVM's reader died on it (%s)%s%s%s%s%s", what, code,
             why[0] ? ": " : "", why, cause ? " (" : "", cause ? first : "", cause ? ")" : "");
    return false;
}

/* The driver has checked the format (emit/annotate/ir_annotate.c); LLVM reads the rest. */
static LLVMModuleRef read_module(ir_run *r, LLVMContextRef ctx, const char *in_path)
{
    LLVMMemoryBufferRef buf = NULL;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(in_path, &buf, &msg)) {
        diag_add(r->c, TT_ERROR, ir_run_at(r, NULL), "cannot read: %s",
                 llvm_msg(r->c, msg, in_path));
        LLVMDisposeMessage(msg);
        return NULL;
    }
    bool bitcode = ir_is_bitcode(LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
    LLVMModuleRef m = NULL;
    if (!llvm_survives(r, buf, bitcode)) {
        /* reported */
    } else if (LLVMParseIRInContext2(ctx, buf, &m, &msg)) {
        parse_error(r, bitcode, llvm_msg(r->c, msg, in_path));
        LLVMDisposeMessage(msg);
        m = NULL;
    }
    LLVMDisposeMemoryBuffer(buf);
    return m;
}

/* Replaces our attribute at one index by value (NULL: removes it). */
static void set_attr(LLVMContextRef ctx, LLVMValueRef fn, LLVMAttributeIndex idx,
                     const char *value)
{
    LLVMRemoveStringAttributeAtIndex(fn, idx, ATTR_KIND, ATTR_KIND_LEN);
    if (value)
        LLVMAddAttributeAtIndex(fn, idx,
                                LLVMCreateStringAttribute(ctx, ATTR_KIND, ATTR_KIND_LEN, value,
                                                          (unsigned)strlen(value)));
}

/* Lists every defined function and alias, then builds each defined function's signature
 * as text and applies the driver's decision: our attributes removed, the decided ones set. */
static bool annotate_module(ir_run *r, LLVMContextRef ctx, LLVMModuleRef m)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn)) {
            size_t len = 0;
            ir_run_defined(r, LLVMGetValueName2(fn, &len));
        }
    for (LLVMValueRef al = LLVMGetFirstGlobalAlias(m); al; al = LLVMGetNextGlobalAlias(al)) {
        LLVMValueRef target = LLVMAliasGetAliasee(al);
        size_t an = 0, tn = 0;
        const char *aname = LLVMGetValueName2(al, &an);
        const char *tname = target ? LLVMGetValueName2(target, &tn) : NULL;
        if (tname && tn)
            ir_run_alias(r, aname, tname);
    }
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn))
            continue;
        unsigned n = LLVMCountParams(fn);
        char **types = xcalloc((size_t)n + 1, sizeof *types);
        for (unsigned i = 0; i < n; i++)
            types[i] = LLVMPrintTypeToString(LLVMTypeOf(LLVMGetParam(fn, i)));
        char *ret = LLVMPrintTypeToString(LLVMGetReturnType(LLVMGlobalGetValueType(fn)));
        size_t len = 0;
        ir_function f = {
            .symbol = LLVMGetValueName2(fn, &len),
            .nparams = n,
            .param_types = (const char *const *)types,
            .ret_type = ret,
            /* any convention but C's means LLVM rewrote the signature (internal fastcc) */
            .rewritten_cc = LLVMGetFunctionCallConv(fn) != LLVMCCallConv,
        };
        ir_decision d = ir_run_decide(r, &f, 0);
        for (unsigned i = 0; i < n; i++)
            set_attr(ctx, fn, i + 1, d.param_attr ? d.param_attr[i] : NULL);
        set_attr(ctx, fn, LLVMAttributeReturnIndex, d.ret_attr);
        if (annotator_freezes(r->a, f.symbol))
            for (int k = 0; k < 2; k++) {
                const char *kind = k ? "optnone" : "noinline";
                unsigned id = LLVMGetEnumAttributeKindForName(kind, strlen(kind));
                LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                        LLVMCreateEnumAttribute(ctx, id, 0));
            }
        for (unsigned i = 0; i < n; i++)
            LLVMDisposeMessage(types[i]);
        free(types);
        LLVMDisposeMessage(ret);
    }
    return true;
}

/* Writes the bytes to out_path ("-": stdout); a failed file write removes the file.
 * Messages name the output; their location is the input. */
static bool write_bytes(ir_run *r, const char *out_path, const char *data, size_t len)
{
    bool std = is_stdio(out_path);
    tt_ctx *c = r->c;
    FILE *f = std ? stdout : fopen(out_path, "wb");
    if (!f) {
        diag_add(c, TT_ERROR, ir_run_at(r, NULL), "cannot write %s: %s", out_path, strerror(errno));
        return false;
    }
    bool ok = fwrite(data, 1, len, f) == len;
    ok = (std ? fflush(f) == 0 : fclose(f) == 0) && ok;
    if (!ok) {
        diag_add(c, TT_ERROR, ir_run_at(r, NULL), "cannot write %s: %s", std ? "standard output" : out_path,
                 strerror(errno));
        if (!std)
            unlink(out_path);
    }
    return ok;
}

/* LLVM's printer writes the target triple and GC names unescaped, and the C API hands
 * the text back NUL-terminated: a NUL or a quote in them gives text that is truncated or
 * unparseable. Text output is therefore parsed once more before it is written. */
static bool text_reads_back(const char *text)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, ignore_llvm_diag, NULL);
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRange(text, strlen(text), "<output>", 1);
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    bool ok = !LLVMParseIRInContext2(ctx, buf, &m, &msg);
    LLVMDisposeMessage(msg);
    if (m)
        LLVMDisposeModule(m);
    LLVMDisposeMemoryBuffer(buf);
    LLVMContextDispose(ctx);
    return ok;
}

static bool write_module(ir_run *r, LLVMModuleRef m, const char *out_path, bool out_bitcode)
{
    /* Through memory: LLVM's file writers abort the process on an I/O error. */
    if (out_bitcode) {
        LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(m);
        bool ok = write_bytes(r, out_path, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
        LLVMDisposeMemoryBuffer(buf);
        return ok;
    }
    char *text = LLVMPrintModuleToString(m);
    bool ok = text_reads_back(text);
    if (!ok)
        diag_add(r->c, TT_ERROR, ir_run_at(r, NULL),
                 "LLVM prints this module as text it cannot read back (a string it does "
                 "not escape, such as the target triple, holds a quote or a NUL byte); "
                 "write bitcode instead");
    ok = ok && write_bytes(r, out_path, text, strlen(text));
    LLVMDisposeMessage(text);
    return ok;
}

/* LLVM's verifier on a module; `what` says which module in the message. */
static bool verify_module(ir_run *r, LLVMModuleRef m, const char *what)
{
    char *msg = NULL;
    bool ok = !LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
    if (!ok)
        diag_add(r->c, TT_ERROR, ir_run_at(r, NULL), "%s fails LLVM's verifier: %s", what,
                 llvm_msg(r->c, msg, r->file));
    LLVMDisposeMessage(msg);
    return ok;
}

bool ir_llvm_rewrite(ir_run *r, const char *in_path, const char *out_path, bool out_bitcode)
{
    tt_ctx *c = r->c;
    unsigned errors_before = c->nerrors;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, on_llvm_diag, r);
    LLVMModuleRef m = read_module(r, ctx, in_path);
    bool ok = m && c->nerrors == errors_before && annotate_module(r, ctx, m);
    if (ok)
        ok = verify_module(r, m, "the annotated module");
    if (ok)
        ok = write_module(r, m, out_path, out_bitcode) && c->nerrors == errors_before;
    if (m)
        LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return ok;
}

bool ir_llvm_verify(ir_run *r, const char *path)
{
    unsigned errors_before = r->c->nerrors;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, on_llvm_diag, r);
    LLVMModuleRef m = read_module(r, ctx, path);
    bool ok = m && r->c->nerrors == errors_before && verify_module(r, m, "the IR");
    if (m)
        LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return ok;
}
