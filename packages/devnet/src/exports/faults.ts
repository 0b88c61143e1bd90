// Fault injection for tests: take a dependency away and bring it back.
export { createTcpProxy, type TcpProxy, type TcpProxyOptions } from "../faults/createTcpProxy.js";
