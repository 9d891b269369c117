#!/bin/sh
# submit.sh: submits the tournament of tournament.sh to Slurm: the
# shards as a job array, the merge after them (afterok: once every shard
# has exited 0), and prints both job ids.
set -eu
cd "$(dirname "$0")"
. ./tournament.sh
mkdir -p "$results"
array=$(sbatch --parsable --array="0-$((shards - 1))" match.sh)
array=${array%%;*} # "ID;CLUSTER" where there are several clusters
merge=$(sbatch --parsable --dependency="afterok:$array" merge.sh)
merge=${merge%%;*}
echo "shards: job $array (array 0-$((shards - 1)))"
echo "merge: job $merge (after job $array)"
