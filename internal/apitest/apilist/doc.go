// Package apilist holds two tests, and nothing else. TestAPI checks the
// exported API of every non-internal library package of the module
// against the committed list in the module's api/ folder (see
// api/README.md) and fails on a name that disappeared, changed or is
// not in the list. TestAPICallTable checks that the table of calls of
// package apitest (../api_table_test.go) names every exported function
// and method of the packages it calls. Both are rewritten by
//
//	go test ./internal/apitest/apilist -update
//
// which works even when a removed name keeps package apitest from
// compiling: this package does not import the table.
package apilist
