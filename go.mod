module github.com/stratego-go/stratego

go 1.24
