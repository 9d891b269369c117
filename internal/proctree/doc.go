// Package proctree reads the process tree (Linux, from /proc) and
// records which child processes of the program are engines: the
// referee kills an engine's descendants with it (Descendants, Kill),
// and a program that is a child subreaper, such as the match command,
// tells the processes that engines left behind from the engines that
// still run (Orphans).
package proctree
