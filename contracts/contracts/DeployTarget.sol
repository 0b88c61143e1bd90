// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DeployTarget
/// @notice What the deploy and create2 scenarios deploy when given no bytecode of their own: a small
/// contract that remembers its deployer, or, asked to, destroys itself in its constructor
/// (deploy-destruct: since Cancun, EIP-6780, the account is then removed in the same transaction).
contract DeployTarget {
    /// @notice Who created it: the sender, or the CREATE2 factory for a CREATE2 deployment.
    address public immutable deployer;

    /// @param destruct Self-destruct at once, sending any value back to the deployer.
    constructor(bool destruct) payable {
        deployer = msg.sender;
        if (destruct) selfdestruct(payable(msg.sender));
    }
}
