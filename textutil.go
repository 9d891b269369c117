package stratego

// Helpers of the text forms: the decimal counts they share and the body
// of their UnmarshalText methods.

// parseCount parses a decimal number 0–max without sign or leading zeros.
func parseCount(v string, max int) (int, bool) {
	if v == "" || len(v) > 9 || (len(v) > 1 && v[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, false
		}
		n = n*10 + int(v[i]-'0')
	}
	return n, n <= max
}

// unmarshal is the body of an UnmarshalText method: it parses text and
// stores the value in *dst, leaving *dst unchanged on error.
func unmarshal[T any](dst *T, text []byte, parse func(string) (T, error)) error {
	v, err := parse(string(text))
	if err != nil {
		return err
	}
	*dst = v
	return nil
}

// unmarshalZero is unmarshal for a type whose zero value encodes as the
// empty text.
func unmarshalZero[T any](dst *T, text []byte, parse func(string) (T, error)) error {
	if len(text) == 0 {
		var zero T
		*dst = zero
		return nil
	}
	return unmarshal(dst, text, parse)
}
