// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title SetCodeDelegate
/// @notice What the set-code scenario's accounts delegate to (EIP-7702): called at a delegated
/// account, its code runs on that account's own storage, so each account counts its own pings.
contract SetCodeDelegate {
    /// @notice The pings of the account this code runs as (slot 0 of that account's storage).
    uint256 public pings;

    /// @notice `account` (the delegated account itself) was pinged; `pings` is its new count.
    event Pinged(address indexed account, uint256 pings);

    /// @notice Counts one ping in the storage of the account this runs as.
    function ping() external {
        uint256 count = pings + 1;
        pings = count;
        emit Pinged(address(this), count);
    }
}
