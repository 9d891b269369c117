// Package apitest holds a test, and nothing else: it calls every
// exported function and method of the module's library packages (the
// root, gravon, learn and bot) with zero values, invalid rules and
// out-of-range arguments, and requires that none panics and that a
// function with an error result given invalid rules reports an error or
// returns zero results (calls_test.go). The table of calls,
// api_table_test.go, is written by "go test ./internal/apitest/apilist
// -update" from the module root, which also rewrites the API list in
// api/ (package apilist).
package apitest
