import { useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../api/adminApi";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";

export type WalletToDelete = { id: number; name: string; address: string; system: boolean };

export type DeleteWalletDialogProps = {
  /** The wallet to ask about; undefined: the dialog is closed. */
  wallet: WalletToDelete | undefined;
  onClose(): void;
  onDeleted?(): void;
};

/**
 * Asks before deleting a stored wallet, saying what is kept and what is lost. One dialog serves a
 * whole list: the rows only choose the wallet.
 */
export function DeleteWalletDialog({ wallet, onClose, onDeleted }: DeleteWalletDialogProps) {
  const queryClient = useQueryClient();
  const remove = adminApi.useMutation("delete", "/wallets/{id}", {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["get", "/wallets"] });
      onClose();
      onDeleted?.();
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={wallet !== undefined}
      title={`Delete wallet ${wallet?.name ?? ""}?`}
      confirmLabel="Delete wallet"
      busy={remove.isPending}
      onCancel={close}
      onConfirm={() => {
        if (wallet) remove.mutate({ params: { path: { id: String(wallet.id) } } });
      }}
    >
      <p>
        Its private key is removed from privnet's storage; its transaction history stays. Without a copy of
        the key, the funds of <span className="mono break">{wallet?.address}</span> cannot be moved any more.
      </p>
      {wallet?.system ? (
        <p>This is a system wallet: it is registered again the next time the platform starts.</p>
      ) : null}
      {remove.error ? <ErrorNotice error={remove.error} title="The wallet was not deleted." /> : null}
    </ConfirmDialog>
  );
}
