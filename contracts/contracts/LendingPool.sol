// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {PriceOracle} from "./PriceOracle.sol";

/// @title LendingPool
/// @notice Over-collateralised borrowing of listed assets (ERC20 tokens, and native ETH under the
/// placeholder address 0xEeee…EEeE), valued in USD through PriceOracle.getPrice, so a missing or
/// stale price halts borrowing, liquidation and withdrawals by accounts with debt instead of
/// using a bad price.
///
/// - USD value of an amount = amount × price / 10^decimals (1e18-scaled; USDC's 6 decimals and
///   DAI's 18 are normalised). Prices are read only for assets an account actually holds.
/// - Health factor = total collateral USD × 0.75 / total debt USD, 1e18-scaled;
///   type(uint256).max without debt.
/// - Borrowing keeps total debt ≤ 70% of collateral (loan-to-value), below the 75% liquidation
///   threshold, so a fresh maximal borrow is not liquidatable.
/// - Withdrawals that would leave the health factor below 1.0 revert.
/// - Liquidation needs a health factor below 1.0; a liquidator repays at most 50% of the
///   borrower's debt in one token per call (close factor) and receives collateral worth the
///   repaid value plus 5% (bonus).
///
/// Liquidity: the pool lends only its reserve of each asset, which the owner funds with
/// `addLiquidity` (and may take back with `removeLiquidity`). Repayments flow back into the
/// reserve. Collateral is never lent out, so a deposit can always be withdrawn (health permitting).
/// There is no interest: a borrower owes exactly what was borrowed.
///
/// @dev Revert reasons are strings, like PriceOracle's ("Price is stale" bubbles up unchanged from
/// the oracle). Owner-only functions use Ownable's custom error; token transfers may revert with
/// OpenZeppelin's ERC20 custom errors (allowance, balance).
contract LendingPool is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice Address that stands for native ETH, as a token address and a price key.
    address public constant ETH = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint256 public constant LIQUIDATION_THRESHOLD_BPS = 7_500;
    uint256 public constant LOAN_TO_VALUE_BPS = 7_000;
    uint256 public constant CLOSE_FACTOR_BPS = 5_000;
    uint256 public constant LIQUIDATION_BONUS_BPS = 500;
    /// @notice Most assets the pool lists: health checks loop over them.
    uint256 public constant MAX_ASSETS = 16;

    uint256 private constant BPS = 10_000;
    uint256 private constant WAD = 1e18;

    PriceOracle public immutable oracle;

    address[] private _assetList;
    mapping(address token => bool) private _listed;
    mapping(address token => uint8) private _decimals;
    mapping(address token => uint256) private _liquidity;
    mapping(address user => mapping(address token => uint256)) private _collateral;
    mapping(address user => mapping(address token => uint256)) private _debt;

    event AssetListed(address indexed token, uint8 decimals);
    event LiquidityAdded(address indexed token, uint256 amount);
    event LiquidityRemoved(address indexed token, uint256 amount, address indexed to);
    event Deposit(address indexed user, address indexed token, uint256 amount);
    event Withdraw(address indexed user, address indexed token, uint256 amount);
    event Borrow(address indexed user, address indexed token, uint256 amount);
    event Repay(address indexed user, address indexed token, uint256 amount);
    event Liquidation(
        address indexed liquidator,
        address indexed borrower,
        address debtToken,
        uint256 repayAmount,
        address collateralToken,
        uint256 seizedAmount
    );

    constructor(PriceOracle oracle_) Ownable(msg.sender) {
        oracle = oracle_;
    }

    // ---- owner ----

    /// @notice Accepts `token` as collateral and for borrowing. Its decimals are read once here.
    function listAsset(address token) external onlyOwner {
        require(token != address(0), "Token is the zero address");
        require(!_listed[token], "Asset already listed");
        require(_assetList.length < MAX_ASSETS, "Too many assets");
        uint8 tokenDecimals = token == ETH ? 18 : IERC20Metadata(token).decimals();
        _listed[token] = true;
        _decimals[token] = tokenDecimals;
        _assetList.push(token);
        emit AssetListed(token, tokenDecimals);
    }

    /// @notice Adds `amount` of `token` to the reserve the pool lends from (send ETH as value).
    function addLiquidity(address token, uint256 amount) external payable onlyOwner nonReentrant {
        _requireListed(token);
        require(amount > 0, "Amount must be positive");
        _liquidity[token] += amount;
        emit LiquidityAdded(token, amount);
        _pull(token, amount);
    }

    /// @notice Takes `amount` of `token` out of the lending reserve (not borrowed, not collateral).
    function removeLiquidity(address token, uint256 amount, address to) external onlyOwner nonReentrant {
        _requireListed(token);
        require(amount > 0, "Amount must be positive");
        require(_liquidity[token] >= amount, "Insufficient liquidity");
        _liquidity[token] -= amount;
        emit LiquidityRemoved(token, amount, to);
        _push(token, to, amount);
    }

    // ---- users ----

    /// @notice Deposits `amount` of `token` as the caller's collateral (approve first; for ETH send
    /// exactly `amount` as value).
    function deposit(address token, uint256 amount) external payable nonReentrant {
        _requireListed(token);
        require(amount > 0, "Amount must be positive");
        _collateral[msg.sender][token] += amount;
        emit Deposit(msg.sender, token, amount);
        _pull(token, amount);
    }

    /// @notice Withdraws collateral. With debt, reverts if the health factor would fall below 1.0.
    function withdraw(address token, uint256 amount) external nonReentrant {
        _requireListed(token);
        require(amount > 0, "Amount must be positive");
        uint256 balance = _collateral[msg.sender][token];
        require(balance >= amount, "Insufficient collateral");
        _collateral[msg.sender][token] = balance - amount;
        uint256 debtUSD = _debtUSD(msg.sender);
        if (debtUSD > 0) {
            require(
                _healthFactor(_collateralUSD(msg.sender), debtUSD) >= WAD,
                "Withdrawal would drop health factor below 1"
            );
        }
        emit Withdraw(msg.sender, token, amount);
        _push(token, msg.sender, amount);
    }

    /// @notice Borrows `amount` of `token` from the reserve, keeping total debt within 70% of
    /// total collateral value.
    function borrow(address token, uint256 amount) external nonReentrant {
        _requireListed(token);
        require(amount > 0, "Amount must be positive");
        require(_liquidity[token] >= amount, "Insufficient liquidity");
        _debt[msg.sender][token] += amount;
        require(
            _debtUSD(msg.sender) * BPS <= _collateralUSD(msg.sender) * LOAN_TO_VALUE_BPS,
            "Borrow exceeds loan-to-value"
        );
        _liquidity[token] -= amount;
        emit Borrow(msg.sender, token, amount);
        _push(token, msg.sender, amount);
    }

    /// @notice Repays up to `amount` of the caller's `token` debt; more than the debt repays the
    /// debt (for ETH, send `amount` as value and the excess comes back).
    function repay(address token, uint256 amount) external payable nonReentrant {
        _requireListed(token);
        require(amount > 0, "Amount must be positive");
        uint256 debt = _debt[msg.sender][token];
        require(debt > 0, "No debt to repay");
        uint256 repaid = amount < debt ? amount : debt;
        _debt[msg.sender][token] = debt - repaid;
        _liquidity[token] += repaid;
        emit Repay(msg.sender, token, repaid);
        if (token == ETH) {
            require(msg.value == amount, "Wrong ETH amount");
            if (amount > repaid) _push(ETH, msg.sender, amount - repaid);
        } else {
            _pull(token, repaid);
        }
    }

    /// @notice Repays `repayAmount` of `borrower`'s `debtToken` debt and receives collateral in
    /// `collateralToken` worth the repaid value plus the 5% bonus. Only when the borrower's health
    /// factor is below 1.0, and for at most 50% of that debt per call.
    function liquidate(address borrower, address debtToken, uint256 repayAmount, address collateralToken)
        external
        payable
        nonReentrant
    {
        _requireListed(debtToken);
        _requireListed(collateralToken);
        require(repayAmount > 0, "Amount must be positive");
        require(healthFactor(borrower) < WAD, "Health factor not below 1");
        uint256 debt = _debt[borrower][debtToken];
        require(repayAmount * BPS <= debt * CLOSE_FACTOR_BPS, "Repay exceeds close factor");
        uint256 seized = _seizeAmount(debtToken, repayAmount, collateralToken);
        uint256 collateral = _collateral[borrower][collateralToken];
        require(seized <= collateral, "Insufficient collateral to seize");

        _debt[borrower][debtToken] = debt - repayAmount;
        _liquidity[debtToken] += repayAmount;
        _collateral[borrower][collateralToken] = collateral - seized;
        emit Liquidation(msg.sender, borrower, debtToken, repayAmount, collateralToken, seized);
        _pull(debtToken, repayAmount);
        _push(collateralToken, msg.sender, seized);
    }

    // ---- views ----

    /// @notice Collateral USD × 0.75 / debt USD, 1e18-scaled; type(uint256).max without debt.
    function healthFactor(address user) public view returns (uint256) {
        uint256 debtUSD = _debtUSD(user);
        if (debtUSD == 0) return type(uint256).max;
        return _healthFactor(_collateralUSD(user), debtUSD);
    }

    /// @notice The account in USD (1e18-scaled): collateral value, debt value, health factor, and
    /// how much more it may borrow under the loan-to-value limit (ignoring the pool's liquidity).
    function accountData(address user)
        external
        view
        returns (uint256 collateralUSD, uint256 debtUSD, uint256 healthFactor_, uint256 borrowableUSD)
    {
        collateralUSD = _collateralUSD(user);
        debtUSD = _debtUSD(user);
        healthFactor_ = debtUSD == 0 ? type(uint256).max : _healthFactor(collateralUSD, debtUSD);
        uint256 limit = (collateralUSD * LOAN_TO_VALUE_BPS) / BPS;
        borrowableUSD = limit > debtUSD ? limit - debtUSD : 0;
    }

    /// @notice What `liquidate(borrower, debtToken, repayAmount, collateralToken)` would do now:
    /// the borrower's health factor, whether it is liquidatable, the most it may repay in
    /// `debtToken` this call (close factor), and the collateral it would pay for `repayAmount`.
    /// Does not check that the borrower holds that much collateral (compare with `collateralOf`).
    function previewLiquidation(address borrower, address debtToken, uint256 repayAmount, address collateralToken)
        external
        view
        returns (uint256 healthFactor_, bool liquidatable, uint256 maxRepayAmount, uint256 seizeAmount)
    {
        _requireListed(debtToken);
        _requireListed(collateralToken);
        healthFactor_ = healthFactor(borrower);
        liquidatable = healthFactor_ < WAD;
        maxRepayAmount = (_debt[borrower][debtToken] * CLOSE_FACTOR_BPS) / BPS;
        seizeAmount = _seizeAmount(debtToken, repayAmount, collateralToken);
    }

    function collateralOf(address user, address token) external view returns (uint256) {
        return _collateral[user][token];
    }

    function debtOf(address user, address token) external view returns (uint256) {
        return _debt[user][token];
    }

    /// @notice The reserve of `token` available to borrow.
    function liquidityOf(address token) external view returns (uint256) {
        return _liquidity[token];
    }

    function isListed(address token) external view returns (bool) {
        return _listed[token];
    }

    function listedAssets() external view returns (address[] memory) {
        return _assetList;
    }

    // ---- internals ----

    function _requireListed(address token) private view {
        require(_listed[token], "Asset not listed");
    }

    function _healthFactor(uint256 collateralUSD, uint256 debtUSD) private pure returns (uint256) {
        return Math.mulDiv(collateralUSD * LIQUIDATION_THRESHOLD_BPS, WAD, debtUSD * BPS);
    }

    function _valueUSD(address token, uint256 amount) private view returns (uint256) {
        return Math.mulDiv(amount, oracle.getPrice(token), 10 ** _decimals[token]);
    }

    function _collateralUSD(address user) private view returns (uint256 total) {
        for (uint256 i = 0; i < _assetList.length; i++) {
            address token = _assetList[i];
            uint256 amount = _collateral[user][token];
            if (amount > 0) total += _valueUSD(token, amount);
        }
    }

    function _debtUSD(address user) private view returns (uint256 total) {
        for (uint256 i = 0; i < _assetList.length; i++) {
            address token = _assetList[i];
            uint256 amount = _debt[user][token];
            if (amount > 0) total += _valueUSD(token, amount);
        }
    }

    function _seizeAmount(address debtToken, uint256 repayAmount, address collateralToken)
        private
        view
        returns (uint256)
    {
        if (repayAmount == 0) return 0;
        uint256 repayUSD = _valueUSD(debtToken, repayAmount);
        return Math.mulDiv(
            repayUSD * (BPS + LIQUIDATION_BONUS_BPS),
            10 ** _decimals[collateralToken],
            oracle.getPrice(collateralToken) * BPS
        );
    }

    function _pull(address token, uint256 amount) private {
        if (token == ETH) {
            require(msg.value == amount, "Wrong ETH amount");
        } else {
            require(msg.value == 0, "ETH not accepted");
            IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        }
    }

    function _push(address token, address to, uint256 amount) private {
        if (token == ETH) {
            (bool sent,) = to.call{value: amount}("");
            require(sent, "ETH transfer failed");
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
