import type { DataResponse, Vehicle, VehicleBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverKeys } from '../../../api/drivers/keys';
import { api } from '../../../lib/http';
import { vehicleKeys } from './keys';

export async function updateVehicle(id: number, body: Partial<VehicleBody>): Promise<Vehicle> {
  const { data } = await api<DataResponse<Vehicle>>(`/vehicles/${id}`, {
    method: 'PATCH',
    body,
    toast: false,
  });
  return data;
}

export function useUpdateVehicle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<VehicleBody>) => updateVehicle(id, body),
    onSuccess: (vehicle) => {
      queryClient.setQueryData(vehicleKeys.detail(id), vehicle);
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() });
    },
  });
}
