// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title GasBurner
/// @notice Burns a requested amount of gas per call: the gas-burner scenario's load, which fills
/// blocks with execution alone (no storage, no logs).
contract GasBurner {
    /// @notice Spins until at least `amount` gas has been used inside this call (a few dozen gas
    /// more at most: one loop round). Runs out of gas, and reverts, when the call was given less.
    function burn(uint256 amount) external view {
        uint256 start = gasleft();
        while (start - gasleft() < amount) {}
    }
}
