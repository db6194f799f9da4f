# Completes $2 in an interactive zsh on a pseudo-terminal with the completion system loaded and
# $1 on fpath; prints each match zsh offers, one a line. The markers are written split in two
# ("END-""MATCHES") so that the terminal's echo of the commands never matches them.
zmodload zsh/zpty
zpty z zsh -f -i
# compinit -D: no dump file, read or written (a -d after it would turn dumping on again, and
# compdump moves its dump over the file -d names).
zpty -w z 'PROMPT= ; fpath=('$1' $fpath); autoload -Uz compinit; compinit -u -D'
zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a hits; builtin compadd -A hits "$@"; (( $#hits )) && print -rl -- "${hits[@]/#/MA""TCH:}"; builtin compadd "$@" }'
zpty -w z 'finish() { print -r -- END-""MATCHES; exit }; comppostfuncs=(finish); bindkey "^I" complete-word'
zpty -w z "$2"$'\t'
zpty -r z output '*END-MATCHES*'
print -r -- "${output//$'\r'/}" | sed -n 's/^.*MATCH://p' | sort -u
zpty -d z
