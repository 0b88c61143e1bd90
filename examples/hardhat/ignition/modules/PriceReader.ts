import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

// The feed's address is a module parameter: privnet's ETH / USD feed, from `GET /contracts`
// (ignition/parameters.json, or --parameters on the command line).
export default buildModule("PriceReaderModule", (m) => {
  const feed = m.getParameter<string>("feed");
  const reader = m.contract("PriceReader", [feed]);
  m.call(reader, "record", []);
  return { reader };
});
