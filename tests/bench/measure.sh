# tests/bench/measure.sh: timing helpers shared by the bench scripts (sourced, not run).
# measure FILE CMD...: runs CMD with stdout to /dev/null and stderr to FILE.err; sets
# $wall (seconds), $rss (peak RSS of the largest process, KiB), $cpu (user + system
# seconds of CMD and every process it waited for) and $rc. /usr/bin/time gives the RSS and
# the CPU time; the wall time comes from date's nanoseconds when it has them (time's %e has
# 10 ms steps).
measure() {
    file=$1
    shift
    if [ -x /usr/bin/time ]; then
        t0=$(date +%s%N)
        /usr/bin/time -f '%e %M %U %S' -o "$file.time" "$@" > /dev/null 2> "$file.err"
        rc=$?
        t1=$(date +%s%N)
        # the last line: time puts "Command exited with non-zero status N" before it
        read -r wall rss cpu_u cpu_s <<EOF
$(tail -n 1 "$file.time")
EOF
        cpu=$(awk -v u="$cpu_u" -v s="$cpu_s" 'BEGIN { printf "%.2f", u + s }')
        case $t0$t1 in
        *N*) ;;
        *) wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }') ;;
        esac
    else
        set -- "$(python3 -c '
import os, subprocess, sys, time
t = time.perf_counter()
with open(sys.argv[1] + ".err", "wb") as err:
    p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err)
    _, status, ru = os.wait4(p.pid, 0)
print("%.4f %d %d %.2f" % (time.perf_counter() - t, ru.ru_maxrss, os.waitstatus_to_exitcode(status),
                        ru.ru_utime + ru.ru_stime))
' "$file" "$@")"
        read -r wall rss rc cpu <<EOF
$1
EOF
    fi
}

# best REPS FILE CMD...: the fastest of REPS runs of measure (less noise from other load);
# $cpu is that run's.
best() {
    left=$1
    shift
    bwall=
    bcpu=
    brss=0
    brc=0
    while [ "$left" -gt 0 ]; do
        measure "$@"
        if [ -z "$bwall" ] || awk -v a="$wall" -v b="$bwall" 'BEGIN { exit !(a < b) }'; then
            bwall=$wall
            bcpu=$cpu
        fi
        [ "$rss" -gt "$brss" ] && brss=$rss
        [ "$rc" = 0 ] || brc=$rc
        left=$((left - 1))
    done
    wall=$bwall
    cpu=$bcpu
    rss=$brss
    rc=$brc
}

