#include <dlfcn.h>
#include <xcb/xcb.h>
#include <xcb/xinput.h>

/* libxcb-xinput's functions, from the library loaded when the pointer first comes to the window.
   Linked, it was mapped and relocated at every start (144 kB resident), and the window asked the
   server for XInput at every start, for forms most often filled in from the keyboard alone. Each
   field has the type of the function it holds. */
typedef struct {
    /* xcb's record of the extension, for xcb_get_extension_data. */
    xcb_extension_t *_Nonnull extension;
    __typeof__(xcb_input_xi_query_version) *_Nonnull xi_query_version;
    __typeof__(xcb_input_xi_query_version_reply) *_Nonnull xi_query_version_reply;
    __typeof__(xcb_input_xi_select_events_checked) *_Nonnull xi_select_events_checked;
    __typeof__(xcb_input_xi_query_device) *_Nonnull xi_query_device;
    __typeof__(xcb_input_xi_query_device_reply) *_Nonnull xi_query_device_reply;
    __typeof__(xcb_input_xi_query_device_infos_iterator) *_Nonnull xi_query_device_infos_iterator;
    __typeof__(xcb_input_xi_device_info_next) *_Nonnull xi_device_info_next;
    __typeof__(xcb_input_xi_device_info_classes_iterator) *_Nonnull xi_device_info_classes_iterator;
    __typeof__(xcb_input_device_class_next) *_Nonnull device_class_next;
    __typeof__(xcb_input_button_press_valuator_mask) *_Nonnull button_press_valuator_mask;
    __typeof__(xcb_input_button_press_axisvalues) *_Nonnull button_press_axisvalues;
    __typeof__(xcb_input_button_press_button_mask) *_Nonnull button_press_button_mask;
} keyform_xinput_library;

/* The library, loaded on the first call (on the main thread); NULL if it or a symbol is missing. */
static inline const keyform_xinput_library *keyform_xinput_load(void) {
    static keyform_xinput_library library;
    static int state; /* 0: not tried yet, 1: loaded, -1: missing */
    if (state != 0) return state == 1 ? &library : NULL;
    state = -1;
    void *handle = dlopen("libxcb-xinput.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return NULL;
#define KEYFORM_XINPUT_FIND(field, name) if (!(*(void **)&library.field = dlsym(handle, name))) return NULL;
    KEYFORM_XINPUT_FIND(extension, "xcb_input_id")
    KEYFORM_XINPUT_FIND(xi_query_version, "xcb_input_xi_query_version")
    KEYFORM_XINPUT_FIND(xi_query_version_reply, "xcb_input_xi_query_version_reply")
    KEYFORM_XINPUT_FIND(xi_select_events_checked, "xcb_input_xi_select_events_checked")
    KEYFORM_XINPUT_FIND(xi_query_device, "xcb_input_xi_query_device")
    KEYFORM_XINPUT_FIND(xi_query_device_reply, "xcb_input_xi_query_device_reply")
    KEYFORM_XINPUT_FIND(xi_query_device_infos_iterator, "xcb_input_xi_query_device_infos_iterator")
    KEYFORM_XINPUT_FIND(xi_device_info_next, "xcb_input_xi_device_info_next")
    KEYFORM_XINPUT_FIND(xi_device_info_classes_iterator, "xcb_input_xi_device_info_classes_iterator")
    KEYFORM_XINPUT_FIND(device_class_next, "xcb_input_device_class_next")
    KEYFORM_XINPUT_FIND(button_press_valuator_mask, "xcb_input_button_press_valuator_mask")
    KEYFORM_XINPUT_FIND(button_press_axisvalues, "xcb_input_button_press_axisvalues")
    KEYFORM_XINPUT_FIND(button_press_button_mask, "xcb_input_button_press_button_mask")
#undef KEYFORM_XINPUT_FIND
    state = 1;
    return &library;
}
