// The `kce` command line: the same engine as the editor, for terminals and CI pipelines.
import { parseArgs, parseFeatureGates, parseFormat, UsageError } from './cli/args';
import { runPlan, runRollout, runSimulate, runValidate, type IO } from './cli/commands';
import { InputError, loadInventory, loadPodsOffThread } from './cli/inputs';
import { resolveFeatureGates, KUBERNETES_TAG } from './core/k8sVersion';
import { runWalkthroughCommand } from './cli/walkthrough';
import { clusterInventory, loadClusterSnapshot, runNodes } from './cli/nodesCommand';
import { BUDGET_FLAGS, budgetFlagsUsage, parseBudgetFlags } from './cli/budgetFlags';

const USAGE = `kce — Kube Controller Explorer (Kubernetes ${KUBERNETES_TAG} semantics)

Usage:
  kce validate [--nodes FILE] [--format text|json|sarif] PATH...   kube-apiserver validation + never-matches warnings
  kce simulate [--nodes FILE] [--pods FILE] [--format text|json] PATH...   where each DaemonSet runs, why not, Pending
  kce plan     [--nodes FILE] [--pods FILE] [--format text|json] PATH...   the controller's next sync
  kce rollout  [--nodes FILE] [--format text|json] PATH...         rolling update rounds (maxSurge / maxUnavailable)
  kce nodes    [--context NAME] [--kubeconfig PATH] [--format yaml|json] > nodes.yaml   snapshot a cluster's nodes
  kce walkthrough verify --source DIR | export --format codetour [--out DIR]

Options:
  --nodes FILE            nodes from kubectl get nodes -o yaml|json (default: the embedded sample cluster)
  --pods FILE             pods from kubectl get pods -A -o yaml|json: the scheduler's view of each node (simulate, plan)
  --context NAME          nodes (simulate, plan: and pods) from this kubeconfig context (simulate, plan, rollout, nodes)
  --kubeconfig PATH       the kubeconfig file to use (default: KUBECONFIG merged as kubectl does, else ~/.kube/config)
  --feature-gates A=true  Kubernetes feature gates, e.g. TaintTolerationComparisonOperators=true
  --format FORMAT         text (default), json, or sarif (validate)

Budgets (what one manifest file may cost; each exceeded one is reported where it happens):
${budgetFlagsUsage()}
Exit codes: 0 ok; 1 validation errors (validate) or no DaemonSet found; 2 usage or unreadable input.
`;

const SPEC = {
  values: ['nodes', 'pods', 'format', 'feature-gates', 'context', 'kubeconfig', ...BUDGET_FLAGS],
  switches: ['help', 'h'],
};

export async function main(argv: string[], io: IO): Promise<number> {
  const [command] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'version' || command === '--version') {
    io.stdout(`kce ${process.env.KCE_VERSION ?? '0.1.0'} (Kubernetes ${KUBERNETES_TAG})\n`);
    return 0;
  }
  if (command === 'walkthrough') return runWalkthroughCommand(argv.slice(1), io);
  try {
    const args = parseArgs(argv, { values: [...SPEC.values], switches: [...SPEC.switches] });
    if (args.switches.has('help') || args.switches.has('h')) {
      io.stdout(USAGE);
      return 0;
    }
    const known = ['validate', 'simulate', 'plan', 'rollout', 'nodes'];
    if (!known.includes(command)) throw new UsageError(`unknown command "${command}"`);
    const context = args.flags.get('context');
    const kubeconfig = args.flags.get('kubeconfig');
    const cluster = context !== undefined || kubeconfig !== undefined;
    if (command === 'nodes') {
      if (args.positionals.length) throw new UsageError('nodes takes no files');
      const f = args.flags.get('format') ?? 'yaml';
      if (f !== 'yaml' && f !== 'json') throw new UsageError(`--format must be one of yaml, json (got "${f}")`);
      return await runNodes({ ...(context ? { context } : {}), ...(kubeconfig ? { kubeconfig } : {}), format: f }, io);
    }
    if (cluster && command === 'validate') throw new UsageError('--context and --kubeconfig are for simulate, plan, rollout and nodes');
    if (cluster && args.flags.has('nodes')) throw new UsageError('--nodes and --context/--kubeconfig both give nodes: use one');
    if (args.positionals.length === 0) throw new UsageError(`${command} needs at least one file or folder`);
    if (command !== 'plan' && command !== 'simulate' && args.flags.has('pods')) {
      throw new UsageError('--pods is only for kce simulate and kce plan');
    }
    const { gates, unknown } = resolveFeatureGates(parseFeatureGates(args.flags.get('feature-gates')));
    if (unknown.length) throw new UsageError(`unknown feature gate${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
    const format = parseFormat(args.flags.get('format'), command === 'validate' ? ['text', 'json', 'sarif'] : ['text', 'json']);
    const limits = parseBudgetFlags(args.flags);
    const common = { paths: args.positionals, nodes: args.flags.get('nodes'), format, gates, limits };
    // The cluster is read only when asked for: the default path never loads the cluster client.
    const snap = cluster ? await loadClusterSnapshot({ ...(context ? { context } : {}), ...(kubeconfig ? { kubeconfig } : {}) }) : undefined;
    const withCluster = snap ? { ...common, inventory: clusterInventory(snap) } : common;
    const pods = args.flags.get('pods');
    // Without --pods, simulate and plan read the cluster's pods (all namespaces) for the scheduler stage.
    const clusterAllPods = snap && !pods && (command === 'simulate' || command === 'plan') ? await snap.listAllPods() : undefined;
    const live = clusterAllPods ? { clusterAllPods } : {};
    // A --pods file is read in worker threads, its pods added to the per-node state of the inventory's nodes as they
    // arrive, as the language server reads kce.inventory.podsFile.
    // The nodes are read once the workers have started, while they read the pods.
    const podsInput = async (path: string) => {
      let inventory: ReturnType<typeof loadInventory> | undefined;
      const nodes = () => (inventory ??= 'inventory' in withCluster ? withCluster.inventory : loadInventory(common.nodes)).nodes;
      const loadedPods = await loadPodsOffThread(path, nodes, command === 'plan');
      nodes(); // read already, unless --pods is standard input
      return { inventory: inventory!, pods: path, loadedPods };
    };
    const loaded = pods ? await podsInput(pods) : {};
    switch (command) {
      case 'validate': return runValidate(common, io);
      case 'simulate': return runSimulate({ ...withCluster, ...loaded, ...live }, io);
      case 'plan': return await runPlan({ ...withCluster, ...loaded, ...live, ...(snap ? { clusterPods: { namespace: snap.namespace, list: snap.listPods } } : {}) }, io);
      default: return runRollout(withCluster, io);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`kce: ${e.message}\nRun 'kce --help' for usage.\n`);
      return 2;
    }
    if (e instanceof InputError) {
      io.stderr(`kce: ${e.message}\n`);
      return 2;
    }
    io.stderr(`kce: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    return 3;
  }
}

if (require.main === module) {
  // `kce simulate … | head` closes the pipe early: stop quietly, as other CLIs do.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  const io: IO = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) };
  main(process.argv.slice(2), io).then(
    (code) => { process.exitCode = code; },
    (e) => { process.stderr.write(`kce: internal error: ${(e as Error)?.message ?? String(e)}\n`); process.exitCode = 3; },
  );
}
