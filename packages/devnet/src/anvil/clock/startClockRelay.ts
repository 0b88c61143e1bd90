import { connect, createServer, type Server, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { archiveLink } from "../../archive/archiveLink.js";
import type { AdminCallAudit, ChainPolicySettings } from "./chainPolicy.js";
import { clockGateLink, minesByClock } from "./clockGateLink.js";
import { minesAlways, minesWhenAutomining } from "./clockState.js";
import { composeRelay, type RelayChain } from "./composeRelay.js";
import type { AnvilRpc, DevnetClock } from "./createDevnetClock.js";
import { faultMethodsLink } from "./faultMethodsLink.js";
import { createHoldGate, type HoldGate } from "./holdGate.js";
import { limitsLink } from "./limitsLink.js";
import { methodPolicyLink } from "./methodPolicyLink.js";
import { relayConnection } from "./relayConnection.js";
import type { ClockRelay, RelayFaultHooks, RelayLink } from "./relayTypes.js";
import { removedLogsLink } from "./removedLogsLink.js";

export type { ClockRelay, RelayFaultHooks } from "./relayTypes.js";

export type ClockRelayOptions = {
  /** Interface and port to listen on (0: a free one). */
  host: string;
  port: number;
  /** The anvil it stands in front of. */
  target: { host: string; port: number };
  clock: DevnetClock;
  /** Calls to anvil itself, for what the relay does around a spaced `anvil_mine`. */
  rpc: AnvilRpc;
  /** privnet's own fault methods (`privnet_faults_*`), answered by the relay, not anvil. */
  faults?: RelayFaultHooks;
  /**
   * The devnet port's method policy and limits (none: every method open, no limits, as anvil
   * alone). The policy is on with a token besides the services' own.
   */
  policy?: ChainPolicySettings;
  /** Told of every admin call the policy let through (the audit trail). */
  audit?: (entry: AdminCallAudit) => void;
  /**
   * The devnet's port speaks TLS (HTTPS and WSS) with this key and certificate, PEM text; the
   * faults port (loopback) stays clear text. Default: clear text.
   */
  tls?: { cert: string; key: string } | undefined;
  /** The chain archive (read-only) that answers reads of blocks anvil no longer keeps; none: anvil answers all. */
  archivePath?: string | undefined;
  /** Automined blocks past the archive's top before it catches up (see `archiveLink`). */
  archiveSlack?: number | undefined;
  /** Has the archive take every block up to the head (before a call that mines many blocks). */
  catchUpArchive?: () => Promise<unknown>;
};

/**
 * The relay's chain, in order — the one place that orders it (docs/architecture.md, "The chain
 * relay"). The devnet's port has the hold gate at both ends; the faults port, which stays open
 * while the devnet's port refuses, has none (a fault is ended through it while the port is held).
 */
function relayLinks(
  options: ClockRelayOptions,
  shared: {
    holdGate: HoldGate;
    removedLogs: RelayLink;
    archive: RelayLink | undefined;
    relay: () => ClockRelay | undefined;
  },
  port: "devnet" | "faults",
): RelayLink[] {
  const { clock, rpc, faults, policy } = options;
  const held = port === "devnet";
  return [
    ...(held ? [shared.holdGate.wait] : []),
    // The faults port is loopback, privnet's own: no policy, no limits there.
    ...(held && policy ? policyLinks(policy, options.audit) : []),
    ...(faults
      ? [
          faultMethodsLink({
            hooks: faults,
            relay: shared.relay,
            mines: minesByClock(clock),
            miningMethods: [...minesAlways, ...minesWhenAutomining],
          }),
        ]
      : []),
    ...(shared.archive ? [shared.archive] : []),
    shared.removedLogs,
    clockGateLink(clock, rpc),
    ...(held ? [shared.holdGate.count] : []),
  ];
}

/** The method policy (open without a token besides the services' own), then the limits. */
function policyLinks(policy: ChainPolicySettings, audit: ClockRelayOptions["audit"]): RelayLink[] {
  return [
    methodPolicyLink({
      tokens: policy.tokens,
      serviceToken: policy.serviceToken,
      audit: audit ?? (() => undefined),
    }),
    limitsLink(policy),
  ];
}

/**
 * A TCP relay in front of anvil, on the devnet's port: a framing layer (HTTP/1.1 and WebSocket)
 * that cuts each connection into requests and feeds each to a chain of links (the hold gate, the
 * fault methods, the archive, removed logs, the clock gate), whose end writes it to anvil. Requests and answers
 * cross byte for byte — batches stay batches, headers (CORS included) stay anvil's — and only a
 * request with a call a link acts on is parsed, and may wait. WebSocket connections are read
 * frame by frame the same way (without permessage-deflate, which the relay takes out of the
 * handshake); anvil's answers on them are framed, not copied, so that the relay's own messages
 * (removed logs) go in between. With `tls` the devnet's port is HTTPS and WSS, framed the same.
 */
export async function startClockRelay(options: ClockRelayOptions): Promise<ClockRelay> {
  const target = { ...options.target };
  /** Connections through the devnet's port, and through the faults port. */
  const sockets = new Set<Socket>();
  const faultSockets = new Set<Socket>();
  let relay: ClockRelay | undefined;
  const holdGate = createHoldGate();
  const shared = {
    holdGate,
    removedLogs: removedLogsLink(options.rpc),
    archive: options.archivePath
      ? archiveLink({
          path: options.archivePath,
          rpc: options.rpc,
          catchUp: options.catchUpArchive,
          slack: options.archiveSlack,
        })
      : undefined,
    relay: () => relay,
  };
  const onConnection = (owned: Set<Socket>, chain: RelayChain) => (client: Socket) => {
    const upstream = connect({ host: target.host, port: target.port });
    for (const socket of [client, upstream]) {
      owned.add(socket);
      socket.setNoDelay(true);
      socket.on("close", () => owned.delete(socket));
    }
    relayConnection(client, upstream, chain);
  };
  const devnetChain = composeRelay(relayLinks(options, shared, "devnet"), {
    ...(options.policy ? { maxBodyBytes: options.policy.limits.maxBodyBytes } : {}),
  });
  const faultsChain = composeRelay(relayLinks(options, shared, "faults"));
  // A TLS server hands each connection over as a TLSSocket once its handshake is done: a Duplex
  // stream of the clear bytes, framed like any socket. A handshake that fails (a clear-text
  // request) closes the connection without an answer.
  const devnetServer = (): Server => {
    const handler = onConnection(sockets, devnetChain);
    return options.tls
      ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }, handler)
      : createServer(handler);
  };
  let server = devnetServer();
  const faultsServer = createServer(onConnection(faultSockets, faultsChain));

  const port = await listen(server, options.host, options.port);
  const faultsPort = await listen(faultsServer, "127.0.0.1", 0).catch(async (error: unknown) => {
    await closeServer(server, sockets);
    throw error;
  });
  relay = {
    port,
    faultsPort,
    refuse: () => closeServer(server, sockets),
    async accept() {
      if (server.listening) return;
      server = devnetServer();
      await listen(server, options.host, port);
    },
    retarget(anvilPort) {
      // Connections to the old anvil closed as it stopped; new ones go to this one.
      target.port = anvilPort;
    },
    hold: () => holdGate.hold(),
    release: () => holdGate.release(),
    async close() {
      holdGate.release();
      await Promise.all([closeServer(server, sockets), closeServer(faultsServer, faultSockets)]);
    },
  };
  return relay;
}

function listen(on: Server, host: string, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    on.once("error", reject);
    on.listen({ host, port, exclusive: true }, () => {
      on.off("error", reject);
      const address = on.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

function closeServer(on: Server, owned: Set<Socket>): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!on.listening) return resolve();
    on.close(() => resolve());
    for (const socket of owned) socket.destroy();
  });
}
