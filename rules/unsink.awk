# rules/unsink.awk: in std's RawVecInner::finish_grow (the functions whose name holds
# "11finish_grow"), a store sunk into a join block whose address is
#     %g = getelementptr inbounds [nuw] i8, ptr %base, i64 %k    (%k a phi of constants)
#     store i64 %v, ptr %g, align 8
# becomes one store per constant offset, each in its own block:
#     %c = icmp eq i64 %k, C1 ; br %c, store at C1, next ; ... ; store at Cn ; join again
# The join block's later instructions move to a new block (tt.unsinkN.join) and the phis of
# its successors name that block instead. Same stores, same order, same values: only
# where they sit changes.
# Why: std's precompiled finish_grow (optimized when std was built) stores its Result's
# Err integers and its Ok pointer to the same bytes on different paths, and its build
# merged them into one store through such a phi. Enzyme's type analysis then types bytes
# 8..23 of the Result as integers on every path, hence the grown buffer's pointer as an
# integer (Illegal updateAnalysis in RawVec::grow_one, or the buffer's shadow dropped);
# with strict aliasing off it skips a store's update when the store's block does not
# post-dominate, which each of the split stores does not (docs/std-rules.md, rule 4).
# Reads LLVM text IR (a file or stdin), writes it to stdout.
function flush(   k, j, line, m, name, inc, c, n, base, idx, val, rest, nc, cs, offs, i, label, old, ok, g) {
    if (!grow) {
        for (k = 1; k <= nb; k++) print b[k]
        nb = 0
        return
    }
    split("", consts)
    for (k = 1; k <= nb; k++) {
        line = b[k]
        if (line !~ /^  %[^ ]+ = phi i64 \[ /) continue
        name = line; sub(/^  /, "", name); sub(/ = phi.*/, "", name)
        inc = line; sub(/^[^[]*/, "", inc)
        cs = ""; n = 0; ok = 1
        while (match(inc, /\[ [^,]+, %[^ ]+ \]/)) {
            c = substr(inc, RSTART + 2, RLENGTH - 2); sub(/,.*/, "", c)
            if (c !~ /^-?[0-9]+$/) { ok = 0; break }
            if (index(" " cs " ", " " c " ") == 0) { cs = cs (n ? " " : "") c; n++ }
            inc = substr(inc, RSTART + RLENGTH)
        }
        if (ok && n > 1) consts[name] = cs
    }
    label = ""; nren = 0
    for (k = 1; k <= nb; k++) {
        line = b[k]
        if (line ~ /^[-A-Za-z0-9_.$]+:/) { label = line; sub(/:.*/, "", label) }
        if (k < nb && line ~ /^  %[^ ]+ = getelementptr inbounds (nuw )?i8, ptr %[^ ,]+, i64 %[^ ,]+$/) {
            m = line; sub(/^  /, "", m); g = m; sub(/ = .*/, "", g)
            idx = m; sub(/.*, i64 /, "", idx)
            base = m; sub(/.*i8, ptr /, "", base); sub(/,.*/, "", base)
            if ((idx in consts) && b[k + 1] ~ ("^  store i64 [^ ,]+, ptr " g ", align 8")) {
                val = b[k + 1]; sub(/^  store i64 /, "", val); sub(/,.*/, "", val)
                rest = b[k + 1]; sub(/^[^,]*,[^,]*, align 8/, "", rest)
                nu++
                nc = split(consts[idx], offs, " ")
                for (i = 1; i <= nc; i++) {
                    if (i < nc) {
                        printf "  %%tt.unsink%d.is%d = icmp eq i64 %s, %s\n", nu, i, idx, offs[i]
                        printf "  br i1 %%tt.unsink%d.is%d, label %%tt.unsink%d.at%d, label %%tt.unsink%d.not%d\n", nu, i, nu, i, nu, i
                        printf "tt.unsink%d.at%d:\n", nu, i
                    }
                    printf "  %%tt.unsink%d.p%d = getelementptr inbounds i8, ptr %s, i64 %s\n", nu, i, base, offs[i]
                    printf "  store i64 %s, ptr %%tt.unsink%d.p%d, align 8%s\n", val, nu, i, rest
                    printf "  br label %%tt.unsink%d.join\n", nu
                    if (i < nc) printf "tt.unsink%d.not%d:\n", nu, i
                }
                printf "tt.unsink%d.join:\n", nu
                if (label != "") { nren++; ren_old[nren] = label; ren_new[nren] = "tt.unsink" nu ".join"; label = ren_new[nren] }
                k++
                continue
            }
        }
        for (j = 1; j <= nren; j++) {
            if (line !~ / = phi /) break
            old = ren_old[j]; gsub(/[.$]/, "\\\\&", old)
            gsub(", %" old " \\]", ", %" ren_new[j] " ]", line)
        }
        print line
    }
    nb = 0
}
/^define / { flush(); grow = ($0 ~ /11finish_grow/); infn = 1 }
infn { b[++nb] = $0; if ($0 ~ /^}/) { flush(); infn = 0 } ; next }
{ print }
END { flush() }
