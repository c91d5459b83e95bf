#!/bin/sh
# embed.sh NAME FILE: prints a C file defining `const char NAME[]` (FILE's bytes, NUL
# added) and `const size_t NAME_len`. Plain sed, so no xxd is needed.
name=$1
file=$2
printf '/* generated from %s by tools/embed.sh; do not edit */\n#include <stddef.h>\n' "$file"
printf 'extern const char %s[];\nextern const size_t %s_len;\n' "$name" "$name"
printf 'const char %s[] =\n' "$name"
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/' "$file"
printf ';\nconst size_t %s_len = sizeof %s - 1;\n' "$name" "$name"
