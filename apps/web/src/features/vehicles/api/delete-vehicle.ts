import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverKeys } from '../../../api/drivers/keys';
import { api } from '../../../lib/http';
import { vehicleKeys } from './keys';

export function deleteVehicle(id: number): Promise<void> {
  return api<void>(`/vehicles/${id}`, { method: 'DELETE' });
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: vehicleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() });
    },
  });
}
