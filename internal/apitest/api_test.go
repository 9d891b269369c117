package apitest

// entry is one exported function or method of the table of calls
// (api_table_test.go): its name as the API list writes it and the
// function (a method expression for a method).
type entry struct {
	name string
	fn   any
}
