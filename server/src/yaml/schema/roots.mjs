// The kinds kce decodes (apiVersion/kind → the Go type, as package id and name), shared by the extractor and
// the generator.
export const ROOTS = {
  'apps/v1/DaemonSet': 'apps/v1.DaemonSet',
  'apps/v1/Deployment': 'apps/v1.Deployment',
  'apps/v1/StatefulSet': 'apps/v1.StatefulSet',
  'apps/v1/ReplicaSet': 'apps/v1.ReplicaSet',
  'batch/v1/Job': 'batch/v1.Job',
  'batch/v1/CronJob': 'batch/v1.CronJob',
  'v1/Pod': 'core/v1.Pod',
  'v1/PodList': 'core/v1.PodList',
  'v1/PodTemplate': 'core/v1.PodTemplate',
  'v1/Node': 'core/v1.Node',
  'v1/NodeList': 'core/v1.NodeList',
  // kubectl's List: its items are raw objects, decoded one by one by their own apiVersion/kind.
  'v1/List': 'meta/v1.List',
};
