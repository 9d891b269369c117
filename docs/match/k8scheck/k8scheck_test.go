// Package k8scheck checks docs/match/kubernetes-job.yaml against the
// Kubernetes API types. It is a module of its own, so that the library's
// go.mod does not require k8s.io/api.
package k8scheck

import (
	"errors"
	"os"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// manifest is the file under test.
const manifest = "../kubernetes-job.yaml"

// TestKubernetesJobs decodes each document of the manifest into a
// batch/v1 Job as the API server's strict field validation does (YAML
// to JSON, then sigs.k8s.io/json's case-sensitive strict decoding): a
// field name that is not the API's (a typo, a wrong case, a field at the
// wrong level), a field twice or a value of the wrong type fails. Then the Jobs are what
// sharding.md says: an Indexed Job of the shards that fails no pod for
// status 1, and a merge Job, both on the one shared volume.
func TestKubernetesJobs(t *testing.T) {
	b, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	docs := strings.Split(string(b), "\n---\n")
	if len(docs) != 2 {
		t.Fatalf("%d documents, want the match Job and the merge Job", len(docs))
	}
	var jobs []batchv1.Job
	for i, doc := range docs {
		var job batchv1.Job
		if err := decodeStrict(doc, &job); err != nil {
			t.Fatalf("document %d: %v", i+1, err)
		}
		if job.APIVersion != "batch/v1" || job.Kind != "Job" || job.Name == "" {
			t.Errorf("document %d: %s %s %q, want a named batch/v1 Job", i+1, job.APIVersion, job.Kind, job.Name)
		}
		jobs = append(jobs, job)
	}
	match, merge := jobs[0], jobs[1]
	s := match.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion || s.Completions == nil || s.Parallelism == nil {
		t.Fatalf("match Job: completionMode %v, completions %v, parallelism %v: want an Indexed Job with both counts", s.CompletionMode, s.Completions, s.Parallelism)
	}
	if s.BackoffLimitPerIndex == nil || s.MaxFailedIndexes == nil || *s.MaxFailedIndexes > *s.Completions {
		t.Errorf("match Job: backoffLimitPerIndex %v, maxFailedIndexes %v (of %d)", s.BackoffLimitPerIndex, s.MaxFailedIndexes, *s.Completions)
	}
	for _, job := range jobs {
		pod := job.Spec.Template.Spec
		if pod.RestartPolicy != corev1.RestartPolicyNever {
			t.Errorf("%s: restartPolicy %q, want Never (backoffLimitPerIndex needs it; a pod replayed in place would not be counted)", job.Name, pod.RestartPolicy)
		}
		if len(pod.Containers) != 1 || len(pod.Volumes) != 1 || pod.Volumes[0].PersistentVolumeClaim == nil {
			t.Fatalf("%s: %d containers, volumes %v: want one container and the shared claim", job.Name, len(pod.Containers), pod.Volumes)
		}
		c := pod.Containers[0]
		if len(c.VolumeMounts) != 1 || c.VolumeMounts[0].Name != pod.Volumes[0].Name || c.VolumeMounts[0].MountPath != "/results" {
			t.Errorf("%s: mounts %v, want the volume %q at /results", job.Name, c.VolumeMounts, pod.Volumes[0].Name)
		}
		script := strings.Join(append(append([]string(nil), c.Command...), c.Args...), " ")
		if !strings.Contains(script, "stratego match ") || !strings.Contains(script, `s=$?; [ "$s" -le 1 ] || exit "$s"`) {
			t.Errorf("%s: command %q: want stratego match, status 1 a success", job.Name, script)
		}
	}
	if a, b := match.Spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName, merge.Spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName; a != b {
		t.Errorf("the match Job's claim %q, the merge's %q: want one shared volume", a, b)
	}
	if p := match.Spec.Template.Spec.TerminationGracePeriodSeconds; p == nil || *p < 30 {
		t.Errorf("terminationGracePeriodSeconds %v: want time for the shards to record their games after SIGTERM", p)
	}
}

// decodeStrict decodes a YAML document into v strictly: no key twice, no
// key that v lacks (compared case-sensitively), every value of its type.
func decodeStrict(doc string, v any) error {
	j, err := yaml.YAMLToJSONStrict([]byte(doc))
	if err != nil {
		return err
	}
	strict, err := sigsjson.UnmarshalStrict(j, v)
	if err != nil {
		return err
	}
	return errors.Join(strict...)
}

// TestDecodeStrict: the check fails a field name with a typo, in the
// wrong case or at the wrong level, a field twice and a value of the
// wrong type, each in a copy of the manifest.
func TestDecodeStrict(t *testing.T) {
	b, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	doc, _, _ := strings.Cut(string(b), "\n---\n")
	var job batchv1.Job
	if err := decodeStrict(doc, &job); err != nil {
		t.Fatalf("the manifest: %v", err)
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"a typo", "completionMode: Indexed", "completionMod: Indexed", `unknown field "spec.completionMod"`},
		{"the wrong case", "parallelism: 8", "Parallelism: 8", `unknown field "spec.Parallelism"`},
		{"the wrong level", "      restartPolicy: Never", "      restartPolicy: Never\n      backoffLimit: 2", `unknown field "spec.template.spec.backoffLimit"`},
		{"a field twice", "parallelism: 8", "parallelism: 8\n  parallelism: 4", `key "parallelism" already set`},
		{"a wrong type", "completions: 8", "completions: eight", "cannot unmarshal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(doc, tc.old) {
				t.Fatalf("the manifest lacks %q", tc.old)
			}
			var job batchv1.Job
			err := decodeStrict(strings.Replace(doc, tc.old, tc.new, 1), &job)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}
