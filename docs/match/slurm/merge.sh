#!/bin/sh
# The merge of the tournament of tournament.sh: from the records of all
# shards, the table, Elo and JSON summary of one run. submit.sh runs it
# after the array (afterok: every shard exited 0).
#SBATCH --job-name=stratego-merge
#SBATCH --cpus-per-task=1
#SBATCH --time=30:00
#SBATCH --output=slurm-%j.out
t=${SLURM_SUBMIT_DIR:-.}/tournament.sh
if [ ! -r "$t" ]; then
	echo "merge.sh: no $t: submit from the folder of tournament.sh (submit.sh and rerun.sh do)" >&2
	exit 2
fi
. "$t"
dirs=$results/shard-0
k=1
while [ "$k" -lt "$shards" ]; do
	dirs=$dirs,$results/shard-$k
	k=$((k + 1))
done
tournament -merge "$dirs" -json "$results/summary.json" >"$results/table.txt"
status=$?
cat "$results/table.txt"
# 1: every game played, some lost to engine faults: the merge is done.
# 2: a shard of another command line; 3: games missing or interrupted.
[ "$status" -le 1 ] && exit 0
exit "$status"
