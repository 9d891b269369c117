#!/bin/sh
# rerun.sh MERGE K[,K...]: plays the shards K again (failed, cancelled
# or stopped at their time limit: each overwrites its records, game for
# game) and makes the merge job MERGE, which their failure left pending
# for ever (DependencyNeverSatisfied), wait for them instead. With MERGE
# "-", or where MERGE is no longer pending (a cluster that cancels such
# jobs), it submits a new merge. Run it once the first array has ended
# (squeue shows none of its tasks).
set -eu
if [ $# -ne 2 ]; then
	echo "usage: rerun.sh MERGE-JOB SHARDS (SHARDS as sbatch --array takes them: 3 or 3,5)" >&2
	exit 2
fi
cd "$(dirname "$0")"
again=$(sbatch --parsable --array="$2" match.sh)
again=${again%%;*}
echo "shards $2: job $again"
if [ "$1" != - ] && scontrol update JobId="$1" Dependency="afterok:$again"; then
	echo "merge: job $1 (after job $again)"
else
	merge=$(sbatch --parsable --dependency="afterok:$again" merge.sh)
	echo "merge: job ${merge%%;*} (after job $again)"
fi
