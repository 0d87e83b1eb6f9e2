// The read lives in api/restaurants (pickers and several features use it); kept here for the screens
// that import it from the feature.
export {
  getRestaurant,
  restaurantQueryOptions,
  useRestaurant,
} from '../../../api/restaurants/get-restaurant';
