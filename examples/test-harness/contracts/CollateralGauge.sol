// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IPriceOracle {
    function getPrice(address token) external view returns (uint256);
}

/// A dApp's own contract: values an amount of a token in USD at the privnet oracle's price, and
/// says whether it is worth at least a floor. Reverts as the oracle does ("Price is stale").
contract CollateralGauge {
    IPriceOracle public immutable oracle;

    event Checked(address indexed token, uint256 amount, uint256 valueUsd, bool enough);

    constructor(IPriceOracle oracle_) {
        oracle = oracle_;
    }

    /// USD × 1e18 of `amount` (18 decimals) of `token`.
    function valueUsd(address token, uint256 amount) public view returns (uint256) {
        return (oracle.getPrice(token) * amount) / 1e18;
    }

    /// Records a check on-chain (so a test has a transaction to wait for).
    function check(address token, uint256 amount, uint256 floorUsd) external returns (bool enough) {
        uint256 value = valueUsd(token, amount);
        enough = value >= floorUsd;
        emit Checked(token, amount, value, enough);
    }
}
