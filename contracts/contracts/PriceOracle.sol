// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title PriceOracle
/// @notice USD prices scaled by 1e18 (1 USD = 1e18), keyed by token address, each with the time of
/// its last update. Written by the owner and by updater accounts the owner grants (so a price
/// simulator need not hold the owner key); read by LendingPool and by the Chainlink-style
/// PriceFeedAdapter.
/// @dev Revert reasons of this contract are plain strings ("Price not available", "Price is
/// stale", ...) because off-chain layers match on them. Owner-only functions use OpenZeppelin's
/// Ownable, which reverts with its custom error `OwnableUnauthorizedAccount(account)`.
///
/// Staleness boundary: a price is stale when `block.timestamp - updatedAt > heartbeat`. A price
/// exactly `heartbeat` seconds old is still fresh; one second later it is stale.
contract PriceOracle is Ownable {
    /// @notice Heartbeat of tokens without their own: a price older than this is stale.
    uint256 public constant DEFAULT_HEARTBEAT = 3600;

    // One storage slot per token, written whole on every update. The round counter always
    // changes, so an update costs the same whether or not the timestamp did: gas estimates made
    // against the latest block (same timestamp as the last update) hold when the transaction is
    // mined in a later one.
    struct PriceData {
        uint128 price;
        uint64 updatedAt;
        // Counts the token's updates; the adapter reports it as the Chainlink round id.
        uint64 round;
    }

    // Every update of a token, by its round: a fresh slot per round, written once and never again,
    // so past rounds stay readable (the adapter's getRoundData) for one more zero-to-nonzero store
    // per update, the same in every block.
    struct RoundData {
        uint128 price;
        uint64 updatedAt;
    }

    mapping(address token => PriceData) private _prices;
    mapping(address token => mapping(uint64 round => RoundData)) private _rounds;
    mapping(address token => uint256) private _heartbeats;
    mapping(address account => bool) private _updaters;

    event PriceUpdated(address indexed token, uint256 price, uint256 timestamp);
    event HeartbeatUpdated(address indexed token, uint256 heartbeat);
    event UpdaterGranted(address indexed account);
    event UpdaterRevoked(address indexed account);

    modifier onlyUpdater() {
        require(msg.sender == owner() || _updaters[msg.sender], "Caller is not an updater");
        _;
    }

    constructor() Ownable(msg.sender) {}

    // ---- writes ----

    /// @notice Stores `price` (USD, 1e18-scaled) for `token` with the current block's timestamp.
    function updatePrice(address token, uint256 price) external onlyUpdater {
        _store(token, price);
    }

    /// @notice Stores several prices in one transaction; `tokens[i]` gets `prices[i]`.
    function updatePrices(address[] calldata tokens, uint256[] calldata prices) external onlyUpdater {
        require(tokens.length == prices.length, "Array lengths mismatch");
        for (uint256 i = 0; i < tokens.length; i++) {
            _store(tokens[i], prices[i]);
        }
    }

    /// @notice Sets how old `token`'s price may get before it is stale, in seconds.
    function setHeartbeat(address token, uint256 heartbeat) external onlyOwner {
        require(heartbeat > 0, "Heartbeat must be positive");
        _heartbeats[token] = heartbeat;
        emit HeartbeatUpdated(token, heartbeat);
    }

    /// @notice Lets `account` write prices. Granting an existing updater changes nothing.
    function grantUpdater(address account) external onlyOwner {
        require(account != address(0), "Updater is the zero address");
        if (_updaters[account]) return;
        _updaters[account] = true;
        emit UpdaterGranted(account);
    }

    /// @notice Takes back `account`'s right to write prices. Revoking a non-updater changes nothing.
    function revokeUpdater(address account) external onlyOwner {
        if (!_updaters[account]) return;
        _updaters[account] = false;
        emit UpdaterRevoked(account);
    }

    // ---- reads ----

    /// @notice The fresh price of `token`. Reverts "Price not available" if it was never set and
    /// "Price is stale" if it is older than the token's heartbeat.
    function getPrice(address token) public view returns (uint256) {
        PriceData memory data = _prices[token];
        require(data.updatedAt != 0, "Price not available");
        require(block.timestamp - data.updatedAt <= heartbeatOf(token), "Price is stale");
        return data.price;
    }

    /// @notice Fresh prices of several tokens; reverts as `getPrice` does on the first bad one.
    function getPrices(address[] calldata tokens) external view returns (uint256[] memory prices) {
        prices = new uint256[](tokens.length);
        for (uint256 i = 0; i < tokens.length; i++) {
            prices[i] = getPrice(tokens[i]);
        }
    }

    /// @notice The stored price, its timestamp and whether it is stale, for display: never
    /// reverts. A price never set reads as (0, 0, true).
    function getPriceInfo(address token) external view returns (uint256 price, uint256 timestamp, bool isStale) {
        PriceData memory data = _prices[token];
        if (data.updatedAt == 0) return (0, 0, true);
        return (data.price, data.updatedAt, block.timestamp - data.updatedAt > heartbeatOf(token));
    }

    /// @notice The latest update of `token`: its round number (1 for the first update), price and
    /// timestamp; all zero if never set. Never reverts.
    function latestRound(address token) external view returns (uint64 round, uint256 price, uint256 updatedAt) {
        PriceData memory data = _prices[token];
        return (data.round, data.price, data.updatedAt);
    }

    /// @notice Update number `round` of `token` (1 for the first): its price and timestamp, as
    /// written then; (0, 0) for round 0 and rounds not written yet. Never reverts.
    function getRound(address token, uint64 round) external view returns (uint256 price, uint256 updatedAt) {
        RoundData memory data = _rounds[token][round];
        return (data.price, data.updatedAt);
    }

    /// @notice The token's heartbeat in seconds: its own if the owner set one, else the default.
    function heartbeatOf(address token) public view returns (uint256) {
        uint256 heartbeat = _heartbeats[token];
        return heartbeat == 0 ? DEFAULT_HEARTBEAT : heartbeat;
    }

    /// @notice True for accounts granted the updater right (the owner can always update, too).
    function isUpdater(address account) external view returns (bool) {
        return _updaters[account];
    }

    function _store(address token, uint256 price) private {
        require(token != address(0), "Token is the zero address");
        require(price > 0, "Price must be positive");
        require(price <= type(uint128).max, "Price too large");
        uint64 round = _prices[token].round + 1;
        _prices[token] = PriceData(uint128(price), uint64(block.timestamp), round);
        _rounds[token][round] = RoundData(uint128(price), uint64(block.timestamp));
        emit PriceUpdated(token, price, block.timestamp);
    }
}
