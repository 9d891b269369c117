#!/bin/sh
# One shard of the tournament of tournament.sh, as a task of a Slurm job
# array: task K plays shard K/N. submit.sh submits the array and the
# merge after it; rerun.sh plays shards again.
#SBATCH --job-name=stratego-match
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --time=24:00:00
#SBATCH --output=slurm-%A_%a.out
t=${SLURM_SUBMIT_DIR:-.}/tournament.sh
if [ ! -r "$t" ]; then
	echo "match.sh: no $t: submit from the folder of tournament.sh (submit.sh and rerun.sh do)" >&2
	exit 2
fi
. "$t"
k=${SLURM_ARRAY_TASK_ID:-}
if [ -z "$k" ] || [ "$k" -ge "$shards" ]; then
	echo "match.sh: array task \"$k\": want 0 to $((shards - 1)) (sbatch --array)" >&2
	exit 2
fi
# At the time limit Slurm sends SIGTERM to every process of the job,
# this shell too (and so does scancel --full --signal=TERM). The trap
# keeps the shell alive: it runs the trap once stratego has exited, so
# that the shard's status reaches Slurm. stratego records its games in
# progress as interrupted, writes its summary and exits with status 3.
trap : TERM
tournament -shard "$k/$shards" -out "$results/shard-$k" -json "$results/shard-$k.json"
status=$?
# 1 is a finished shard (every game played, some lost to engine
# faults): the merge may run. 2 (usage) and 3 (interrupted) fail.
[ "$status" -le 1 ] && exit 0
exit "$status"
