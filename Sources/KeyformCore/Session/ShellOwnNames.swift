/// The names a script's shell gives a meaning (README › Use it from a script): assigning one with `eval` would
/// change how the script runs (where it finds programs, how it splits words, its prompt, its
/// locale), or stop it half-way (zsh's read-only `status`, `options`, `commands`). `--output
/// shell` refuses ids that become one of them, in POSIX sh (dash), bash and zsh, whichever
/// evaluates the output. ShellOutputTests asks each shell for the names it sets itself.
extension OutputFormat {
    static func isShellOwnName(_ name: String) -> Bool {
        shellOwnNames.contains(name) || shellOwnPrefixes.contains { name.hasPrefix($0) }
    }

    /// Families a shell may add to in any version: every locale category, bash's and zsh's own,
    /// completion's and the line editors'.
    static let shellOwnPrefixes = ["LC_", "BASH_", "ZSH_", "COMP_", "READLINE_", "ZLE_", "HIST"]

    static let shellOwnNames: Set<String> = posixNames.union(bashNames).union(zshNames).union(sessionNames)

    /// POSIX sh's (dash's) own, and the ones it reads.
    private static let posixNames: Set<String> = [
        "PATH", "IFS", "HOME", "PWD", "OLDPWD", "CDPATH", "ENV", "PS1", "PS2", "PS4", "PPID", "OPTIND", "OPTARG", "LINENO",
        "MAIL", "MAILCHECK", "MAILPATH", "FCEDIT", "LANG", "LANGUAGE", "NLSPATH", "TERM", "TMPDIR", "SHELL", "COLUMNS", "LINES",
    ]

    /// bash's own (`compgen -v` in an empty environment) and the ones its manual says it reads.
    private static let bashNames: Set<String> = [
        "BASH", "BASHOPTS", "BASHPID", "DIRSTACK", "EPOCHREALTIME", "EPOCHSECONDS", "EUID", "UID", "GROUPS", "HOSTNAME",
        "HOSTTYPE", "MACHTYPE", "OSTYPE", "OPTERR", "RANDOM", "SRANDOM", "SECONDS", "SHELLOPTS", "SHLVL", "FUNCNAME",
        "FUNCNEST", "EXECIGNORE", "GLOBIGNORE", "GLOBSORT", "FIGNORE", "HOSTFILE", "IGNOREEOF", "INPUTRC", "INSIDE_EMACS",
        "EMACS", "CHILD_MAX", "COPROC", "MAPFILE", "PIPESTATUS", "POSIXLY_CORRECT", "PROMPT_COMMAND", "PROMPT_DIRTRIM",
        "PS0", "PS3", "REPLY", "TIMEFORMAT", "TMOUT", "COMPREPLY", "auto_resume", "histchars", "_",
    ]

    /// zsh's special parameters (`${(k)parameters}` marked special, zsh/parameter's included)
    /// and the ones it reads. zsh is case-sensitive: `path` is `PATH`.
    private static let zshNames: Set<String> = [
        "ARGC", "argv", "status", "pipestatus", "CPUTYPE", "EGID", "GID", "ERRNO", "HOST", "USERNAME", "LOGNAME", "TTY",
        "TTYIDLE", "VENDOR", "signals", "TRY_BLOCK_ERROR", "TRY_BLOCK_INTERRUPT", "zsh_eval_context", "zsh_scheduled_events",
        "ARGV0", "BAUD", "cdpath", "CORRECT_IGNORE", "CORRECT_IGNORE_FILE", "DIRSTACKSIZE", "fignore", "fpath", "FPATH",
        "KEYBOARD_HACK", "KEYTIMEOUT", "LISTMAX", "mailpath", "manpath", "MANPATH", "match", "mbegin", "mend", "MATCH",
        "MBEGIN", "MEND", "module_path", "MODULE_PATH", "NULLCMD", "path", "POSTEDIT", "PROMPT", "PROMPT2", "PROMPT3",
        "PROMPT4", "prompt", "PROMPT_EOL_MARK", "psvar", "PSVAR", "READNULLCMD", "REPORTMEMORY", "REPORTTIME", "reply",
        "RPROMPT", "RPS1", "RPROMPT2", "RPS2", "SAVEHIST", "SPROMPT", "STTY", "TERMINFO", "TERMINFO_DIRS", "TIMEFMT",
        "TMPPREFIX", "TMPSUFFIX", "watch", "WATCH", "WATCHFMT", "WORDCHARS", "ZBEEP", "ZDOTDIR",
        // zsh/parameter's, read-only: assigning one aborts the eval.
        "options", "commands", "functions", "functions_source", "aliases", "galiases", "saliases", "builtins", "parameters",
        "modules", "dirstack", "history", "historywords", "jobdirs", "jobtexts", "jobstates", "nameddirs", "userdirs",
        "usergroups", "reswords", "patchars", "funcstack", "functrace", "funcfiletrace", "funcsourcetrace", "dis_aliases",
        "dis_galiases", "dis_saliases", "dis_builtins", "dis_functions", "dis_functions_source", "dis_reswords",
        "dis_patchars", "widgets", "keymaps", "termcap", "terminfo", "errnos", "sysparams", "mapfile", "langinfo",
        "epochtime",
    ]

    /// What the session around the script relies on.
    private static let sessionNames: Set<String> = [
        "USER", "TERM", "LD_PRELOAD", "LD_LIBRARY_PATH", "DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS",
        "XDG_RUNTIME_DIR", "SSH_AUTH_SOCK",
    ]
}
