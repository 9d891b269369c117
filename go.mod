module github.com/stratego-go/stratego

go 1.25

require pgregory.net/rapid v1.3.0

require github.com/google/go-cmp v0.7.0
