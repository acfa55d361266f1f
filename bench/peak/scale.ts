/**
 * bench:peak's last part: registrations alone on 1, 2 and 3 instances (mail workers off), with
 * the CPU each process used.
 */
import type pg from 'pg';
import {
  Client,
  clusterProcesses,
  cpuBetween,
  Endpoint,
  now,
  registrationLoad,
  sampleCpu,
  type BenchCluster,
} from '../cluster-driver';
import { CONNECTIONS, SCALE_SECONDS } from './settings';

export interface ScaleRow {
  instances: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  cpu: { group: string; cores: number }[];
}

export async function scale(cluster: BenchCluster, db: pg.Pool, databaseName: string): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const instances of [1, 2, 3]) {
    await cluster.stopAll();
    cluster.resize(instances);
    // The build the morning ran (the checkout may have changed since); the request path alone:
    // badge mails are queued, not sent (the morning above shows them sent as well).
    await cluster.run('start', { CLUSTER_BUILD: 'false', CLUSTER_MAILER: 'false', MAIL_WORKER: 'false' });
    const client = new Client(cluster.httpsPort, CONNECTIONS);
    const load = (endpoint: Endpoint, seconds: number) => {
      const until = now() + seconds * 1000;
      return registrationLoad({
        client,
        connections: CONNECTIONS,
        endpoint,
        acked: [],
        prefix: `scale-${instances}-${process.pid}-${Math.round(now())}`,
        running: () => now() < until,
      });
    };
    await load(new Endpoint('warm-up'), 3);
    const endpoint = new Endpoint('scale');
    const before = sampleCpu();
    const began = now();
    await load(endpoint, SCALE_SECONDS);
    const seconds = (now() - began) / 1000;
    const cpu = cpuBetween(before, sampleCpu(), await clusterProcesses(cluster, db, databaseName));
    client.close();
    rows.push({
      instances,
      perSecond: endpoint.ok / seconds,
      p50: endpoint.percentile(0.5),
      p99: endpoint.percentile(0.99),
      errors: endpoint.failures.length,
      cpu,
    });
    console.info(`  ${instances} instance(s): ${(endpoint.ok / seconds).toFixed(0)} registrations/s`);
  }
  return rows;
}
