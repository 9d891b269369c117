package stratego

// The tokens of a record text, as one tokenizer finds them for
// ParseRecord and for ReadRecords, which cuts a stream into records:
//   - a tag, from "[" to its "]", past a quoted value (which may hold
//     "]" and, escaped, a quote), or to the end of its line when it is
//     not closed;
//   - a comment, from "{" to "}", or to the end of the text when it is
//     not closed;
//   - a word, up to white space, "{" or "[": a result (isResultWord), a
//     move number or a move.
//
// The parser reads inside the tokens; the splitter only needs to know
// where a record ends: after its result word, or before a tag that
// follows its moves.
type recToken uint8

const (
	recEnd     recToken = iota // no token left
	recTag                     // [Name "value"]
	recComment                 // {text}
	recWord                    // a result, a move number or a move
)

// nextRecToken returns the kind and the extent text[start:end] of the
// token at or after offset i, past white space. complete reports that
// the text closes the token (with its "]", "}", a line end or a word's
// delimiter); a token cut short by the end of the text is not complete
// (ReadRecords then reads more of its stream). For recEnd, start and end
// are len(text).
func nextRecToken[T string | []byte](text T, i int) (kind recToken, start, end int, complete bool) {
	for i < len(text) && isSpace(text[i]) {
		i++
	}
	start = i
	if i >= len(text) {
		return recEnd, i, i, true
	}
	switch text[i] {
	case '[':
		quoted := false
		for j := i + 1; j < len(text); j++ {
			switch c := text[j]; {
			case c == '\n':
				return recTag, start, j, true
			case quoted && c == '\\' && j+1 < len(text) && text[j+1] != '\n':
				j++
			case c == '"':
				quoted = !quoted
			case !quoted && c == ']':
				return recTag, start, j + 1, true
			}
		}
		return recTag, start, len(text), false
	case '{':
		for j := i + 1; j < len(text); j++ {
			if text[j] == '}' {
				return recComment, start, j + 1, true
			}
		}
		return recComment, start, len(text), false
	}
	j := i
	for j < len(text) && !isSpace(text[j]) && text[j] != '{' && text[j] != '[' {
		j++
	}
	return recWord, start, j, j < len(text)
}

// isResultWord reports whether w is a result, which closes a record's
// moves.
func isResultWord[T string | []byte](w T) bool {
	switch string(w) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

// isSpace reports whether c is white space between a record's tokens.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }
