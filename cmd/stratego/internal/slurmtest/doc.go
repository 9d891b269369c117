// Package slurmtest runs the Slurm job scripts of docs/match/slurm on a
// real Slurm: a one-node cluster that the test configures in a temporary
// folder and starts itself (munged, slurmctld, slurmd). It is a package
// of its own so that no test in the same process runs a match in
// process: a match makes its process a child subreaper and kills every
// child that is not its engine, the daemons too. Its test is Linux only.
package slurmtest
