# The tournament that match.sh, merge.sh, submit.sh and rerun.sh run:
# one command line for every shard and the merge. Edit it here: the
# flags, the engines, the number of shards and the folder of the
# results. The jobs read it from the folder they were submitted from
# (submit.sh and rerun.sh submit from this one).

# shards is N of -shard K/N: submit.sh submits the array tasks 0 to N-1.
shards=8
# results is a folder that every node sees at the same path: shard K
# writes its records to results/shard-K, the merge its table to
# results/table.txt and its summary to results/summary.json.
results=$HOME/stratego/t1

# tournament runs stratego match with the tournament's flags and
# engines; its arguments (-shard and -out, or -merge) come before the
# engines.
tournament() {
	stratego match -seed 7 -games 100 -rules classic -movetime 2s -j 2 -progress off "$@" \
		builtin:greedy 'sbp:/engines/my-engine --threads 1'
}
