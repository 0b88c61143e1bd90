// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Counter
/// @notice The deploy-call scenario's contract: deployed fresh, then called; each call adds one.
contract Counter {
    uint256 public count;

    event Incremented(address indexed caller, uint256 count);

    function increment() external {
        count += 1;
        emit Incremented(msg.sender, count);
    }
}
