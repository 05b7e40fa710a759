# commands-used.awk - print "FILE:LINE: WORD" for every word in command
# position of a shell script (mode=sh) or of a Makefile's recipes and
# $(shell ...) calls (mode=make). Used by tests/check-tools.sh to hold the
# tree's external commands to tools/commands.tsv.
#
# A small shell lexer, not a shell: quotes, $( ), backquotes, comments,
# here-documents, case patterns and the usual wrappers (env, timeout, flock,
# xargs, command -v ...) are understood; words built from variables are not
# (they cannot be checked statically). It errs on the side of reporting a
# word: the caller keeps only words that name an executable.
#
#   awk -v mode=sh -f tools/commands-used.awk script.sh
#   awk -v mode=make -f tools/commands-used.awk Makefile

BEGIN {
	# words that a command may follow ("if cmd", "! cmd", "exec cmd")
	split("if then else elif fi do done esac while until ! { } time " \
	      "exec builtin", kw, " ")
	for (i in kw)
		keyword[kw[i]] = 1
	# builtins: the words after them are arguments, not commands
	split("[[ ]] return break continue exit local export declare " \
	      "readonly shift set unset trap wait eval true false cd pushd " \
	      "popd read printf echo test [ . source getopts let umask " \
	      "ulimit alias mapfile readarray kill jobs fg bg disown shopt " \
	      "pwd :", bi, " ")
	for (i in bi)
		builtin_word[bi[i]] = 1
	# wrappers: the word after them (and their own arguments) is a command
	split("env nohup nice stdbuf setsid timeout flock xargs sudo chroot " \
	      "taskset unshare", wr, " ")
	for (i in wr)
		wrapper[wr[i]] = 1
	depth = 0		# quoting stack: ctx[depth] is "n", "d" or "s"
	ctx[0] = "n"
	heredoc = ""
}

function emit(word) {
	if (word ~ /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/)
		printf "%s:%d: %s\n", FILENAME, seg_line, word
}

# The command words of one simple command (text between separators).
function flush(   n, w, i, j, word, probe) {
	n = split(seg, w, /[ \t]+/)
	seg = ""
	i = 1
	for (; i <= n; i++) {
		word = w[i]
		if (word == "" || word ~ /^[A-Za-z_][A-Za-z0-9_]*\+?=/ ||
		    word ~ /^[0-9]*[<>]/)
			continue
		if (word == "case" || word == "for" || word == "select" ||
		    word == "function" || word == "in")
			return
		if (word == "command" || word == "type" || word == "hash") {
			probe = 1
			continue
		}
		if (word ~ /^-/) {
			if (probe)
				continue
			return
		}
		if (word in keyword)
			continue
		if (word in builtin_word)
			return
		if (word in wrapper) {
			emit(word)
			# skip the wrapper's options and their values
			for (j = i + 1; j <= n && (w[j] ~ /^-/ || w[j] ~ /^[0-9.]+[smh]?$/ ||
			     (word == "flock" && w[j-1] == word) ||
			     (word == "chroot" && w[j-1] == word) ||
			     (word == "taskset" && w[j-1] ~ /^-/)); j++)
				;
			i = j - 1
			continue
		}
		emit(word)
		return
	}
}

function sep() {
	flush()
	seg_line = FNR
}

# Feed one physical line of shell text through the quoting state machine.
function shell_text(s,   i, c, c2, st) {
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		c2 = substr(s, i, 2)
		st = ctx[depth]
		if (st == "s") {
			if (c == "'")
				depth--
			continue
		}
		if (c == "\\") {
			i++
			if (st == "n")
				seg = seg "x"
			continue
		}
		if (c2 == "$(" && substr(s, i, 3) != "$((") {
			ctx[++depth] = "n"
			paren[depth] = 0
			i++
			sep()
			continue
		}
		if (st == "d") {
			if (c == "\"")
				depth--
			else if (c == "`")
				sep()
			continue
		}
		# normal context
		if (c == "'") {
			ctx[++depth] = "s"
			seg = seg "%"
			continue
		}
		if (c == "\"") {
			ctx[++depth] = "d"
			seg = seg "%"
			continue
		}
		if (c == "#" && (i == 1 || substr(s, i - 1, 1) ~ /[ \t;&|(]/))
			break
		if (c == "(") {
			paren[depth]++
			sep()
			continue
		}
		if (c == ")") {
			if (depth > 0 && paren[depth] == 0) {
				depth--
				sep()
				continue
			}
			if (paren[depth] > 0)
				paren[depth]--
			sep()
			continue
		}
		if (c ~ /[|;&`{}]/) {
			sep()
			continue
		}
		seg = seg c
	}
}

# Replace make's own expansions: $(MAKE) -> make, $(CC) -> gcc,
# $(shell X) -> X between separators, any other $(...) -> a variable.
function make_text(s,   out, i, c, d, j, inner, name) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c != "$") {
			out = out c
			continue
		}
		if (substr(s, i + 1, 1) == "$") {
			out = out "$"
			i++
			continue
		}
		if (substr(s, i + 1, 1) != "(" && substr(s, i + 1, 1) != "{") {
			out = out "$v"
			i++
			continue
		}
		d = 0
		for (j = i + 1; j <= length(s); j++) {
			if (substr(s, j, 1) ~ /[({]/)
				d++
			else if (substr(s, j, 1) ~ /[)}]/ && --d == 0)
				break
		}
		inner = substr(s, i + 2, j - i - 2)
		name = inner
		sub(/[ \t].*/, "", name)
		if (inner == "MAKE")
			out = out "make"
		else if (inner == "CC")
			out = out "gcc"
		else if (name == "shell")
			out = out ";" make_text(substr(inner, 7)) ";"
		else
			out = out "$v"
		i = j
	}
	return out
}

# Lines of a case statement's pattern: "pat | pat)" - drop the patterns.
function drop_case_pattern(s) {
	if (s ~ /(^|[ \t;])case[ \t].*[ \t]in[ \t]+[^ \t]/) {
		sub(/[ \t]in[ \t]+[^)]*\)/, " in ;", s)
		return s
	}
	if (in_case && ctx[depth] == "n" && s ~ /^[ \t]*[^ \t();#][^()]*\)/ &&
	    s !~ /^[ \t]*[A-Za-z0-9_.+-]+[ \t]*\(\)/)
		sub(/^[^)]*\)/, "", s)
	return s
}

{
	line = $0
	if (heredoc != "") {
		t = line
		if (heredoc_tabs)
			sub(/^\t+/, "", t)
		if (t == heredoc)
			heredoc = ""
		next
	}
	if (mode == "make") {
		if (line ~ /^\t/) {
			sub(/^\t[ \t]*/, "", line)
			sub(/^[@+-]+/, "", line)
			sub(/^\$\(Q\)/, "", line)
			line = make_text(line)
		} else if (line ~ /\$\(shell /) {
			line = make_text(line)
			gsub(/[^;]*;/, "&", line)
			n = split(line, parts, ";")
			line = ""
			for (k = 2; k < n; k += 2)
				line = line parts[k] ";"
		} else {
			next
		}
	}
	if (ctx[depth] == "n" && line ~ /(^|[ \t;])case[ \t]/)
		in_case++
	line = drop_case_pattern(line)
	if (ctx[depth] == "n" && line ~ /(^|[ \t;])esac([ \t;)]|$)/ && in_case)
		in_case--
	if (ctx[depth] == "n" && match(line, /<<-?[ \t]*['"]?[A-Za-z_][A-Za-z0-9_]*/) &&
	    substr(line, RSTART, 3) != "<<<") {
		h = substr(line, RSTART, RLENGTH)
		heredoc_tabs = (h ~ /^<<-/)
		sub(/^<<-?[ \t]*['"]?/, "", h)
		heredoc = h
	}
	if (seg == "" || ctx[depth] == "n" && seg ~ /^[ \t]*$/)
		seg_line = FNR
	cont = (line ~ /\\$/)
	if (cont)
		line = substr(line, 1, length(line) - 1)
	shell_text(line)
	if (!cont && ctx[depth] == "n")
		sep()
	if (mode == "make" && !cont)
		depth = 0
}

END { flush() }
